/**
 * Unit project set-up, run before every unit test file. jsdom (the component tests' environment)
 * does not lay out, so it has no Element.scrollIntoView; components call it when focus moves (a
 * focused pill is scrolled wholly into view, src/blocks/shared.tsx). A no-op stands in for it.
 */
if (typeof Element !== 'undefined' && typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}
