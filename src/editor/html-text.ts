/**
 * The HTML an HTML prop keeps (./html-widget.tsx): what the formatted text box wrote, tidied, and
 * what a paste brings, reduced to its structure.
 */
import DOMPurify from 'dompurify';

const RENAMED: Record<string, string> = { B: 'strong', I: 'em' };
/** Content without text. */
const MEDIA = 'img, iframe, video, audio, hr';

/** The HTML as the prop keeps it; '' when it holds no text (an emptied box leaves `<p><br></p>`). */
export function tidyHtml(html: string): string {
  const fragment = DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true, FORBID_ATTR: ['style'] });
  for (const element of [...fragment.querySelectorAll('b, i, span, font')]) {
    const name = RENAMED[element.tagName];
    if (!name && element.attributes.length) continue;
    const replacement = name ? element.ownerDocument.createElement(name) : element.ownerDocument.createDocumentFragment();
    if (name) for (const attribute of [...element.attributes]) (replacement as Element).setAttribute(attribute.name, attribute.value);
    replacement.append(...element.childNodes);
    element.replaceWith(replacement);
  }
  // Paragraphs and list items left empty (a list made of one, a line just started, Enter twice in
  // a list) are no text of the page; nor is a list left without items.
  for (const element of [...fragment.querySelectorAll('p, li')])
    if (!element.textContent?.trim() && !element.querySelector(MEDIA)) element.remove();
  for (const list of [...fragment.querySelectorAll('ul, ol')]) if (!list.querySelector('li')) list.remove();
  const box = fragment.ownerDocument.createElement('div');
  box.append(fragment);
  return box.textContent?.trim() || box.querySelector(MEDIA) ? box.innerHTML : '';
}

/** A Word list paragraph's style: `mso-list:l0 level1 lfo1` (list l0). */
const WORD_LIST = /mso-list:\s*(l\d+)/i;
/** A list's number as Word writes it ("1.", "a)", "iv."): else it is a bullet ("·", "o", "§"). */
const NUMBERED = /^\s*(\d+|[a-z]|[ivxlc]+)[.)]/i;

/**
 * Word's lists are paragraphs marked `mso-list` whose bullet or number is text in a span Word
 * marks `mso-list:Ignore`: each run of them (one list) becomes a real <ul> or <ol>, the bullet or
 * number left out. Levels are not nested: an item of a sublist is an item of its list.
 */
function wordLists(body: HTMLElement): void {
  let list: HTMLElement | undefined;
  let listId: string | undefined;
  for (const paragraph of [...body.querySelectorAll('p')]) {
    const id = WORD_LIST.exec(paragraph.getAttribute('style') ?? '')?.[1];
    if (!id) continue;
    const marker = paragraph.querySelector('[style*="mso-list:Ignore" i]');
    const numbered = NUMBERED.test(marker?.textContent ?? '');
    marker?.remove();
    const item = body.ownerDocument.createElement('li');
    item.append(...paragraph.childNodes);
    // The same list goes on while its paragraphs follow one another.
    if (!list || listId !== id || list.nextElementSibling !== paragraph) {
      list = body.ownerDocument.createElement(numbered ? 'ol' : 'ul');
      listId = id;
      paragraph.before(list);
    }
    list.append(item);
    paragraph.remove();
  }
}

/** What a paste keeps: the text's structure (paragraphs, headings, lists, quotes, links, emphasis). */
const PASTED = {
  ALLOWED_TAGS: ['p', 'br', 'strong', 'em', 'b', 'i', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote'],
  ALLOWED_ATTR: ['href'],
};

/**
 * HTML pasted from a word processor, a web page or another editor, as the prop keeps it: its
 * structure without its looks (no classes, ids, languages, styles, fonts, Word's <o:p> or
 * comments; a title becomes a section heading). Bold and italic said by a style (Google Docs'
 * spans) are kept as <strong> and <em>; the <b> of normal weight Google Docs wraps a whole paste
 * in is not bold.
 */
export function pastedHtml(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  wordLists(body);
  // The page's own heading is its banner's: a pasted title is a section heading.
  for (const heading of [...body.querySelectorAll('h1, h5, h6')]) {
    const renamed = body.ownerDocument.createElement(heading.tagName === 'H1' ? 'h2' : 'h4');
    renamed.append(...heading.childNodes);
    heading.replaceWith(renamed);
  }
  for (const element of [...body.querySelectorAll<HTMLElement>('[style]')]) {
    const { fontWeight, fontStyle } = element.style;
    const weight = fontWeight === 'bold' ? 700 : fontWeight === 'normal' ? 400 : Number(fontWeight);
    if (element.tagName === 'B' && weight > 0 && weight < 600) {
      element.replaceWith(...element.childNodes);
      continue;
    }
    const wrappers = [
      weight >= 600 && !element.closest('b, strong, h2, h3, h4') && 'strong',
      fontStyle === 'italic' && !element.closest('i, em') && 'em',
    ];
    for (const name of wrappers) {
      if (!name) continue;
      const wrapper = element.ownerDocument.createElement(name);
      wrapper.append(...element.childNodes);
      element.append(wrapper);
    }
  }
  // The line breaks between the clipboard's blocks are no text of the page.
  for (const parent of [body, ...body.querySelectorAll('ul, ol')])
    for (const node of [...parent.childNodes]) if (node.nodeType === Node.TEXT_NODE && !node.textContent?.trim()) node.remove();
  return tidyHtml(DOMPurify.sanitize(body.innerHTML, PASTED));
}
