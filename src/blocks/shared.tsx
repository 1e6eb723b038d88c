/** Small pieces every block uses: links, headings, sanitized HTML, images, dates. */
import { useEffect, type ReactNode, type Ref, type RefObject } from 'react';
import type { Link as LinkProps, SectionHeading as SectionHeadingProps } from '../generated/blocks.ts';

/** Extra props the renderer gives every block besides its own. */
export interface BlockExtras {
  /** True for the first section of a page: its image is the LCP candidate. */
  priority?: boolean;
  /** The id of a heading outside the block that names it (the footer's heading over its form). */
  labelledBy?: string;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
// Documents and downloads must be real navigations, not client-side route changes.
const FILE = /\.(?:pdf|docx?|xlsx?|zip|png|jpe?g|svg)(?:[?#].*)?$/i;

/** What the site's link components take. */
interface LinkAttributes {
  href: string;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
  'aria-current'?: 'page' | undefined;
  onClick?: () => void;
}

/** Said after the name of every link that opens a new tab (WCAG 3.2.5, G201). */
/** The art-direction media queries of hero images (banner, carousel): one phone picture, one wider. */
export const MOBILE_QUERY = '(max-width: 767px)';
export const DESKTOP_QUERY = '(min-width: 768px)';

export const NEW_TAB_NOTE = '(opens in a new tab)';

/** A link to another site: it opens a new tab, and says so to every visitor's assistive technology. */
export function NewTabLink({ href, children, className, 'aria-label': label, ...rest }: LinkAttributes) {
  return (
    <a
      href={href}
      className={className}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label ? `${label} ${NEW_TAB_NOTE}` : undefined}
      {...rest}
    >
      {children}
      {label ? null : (
        <>
          {' '}
          <span className="visually-hidden">{NEW_TAB_NOTE}</span>
        </>
      )}
    </a>
  );
}

/** Whether a link's href is a page of the site, which SmartLink follows with the router (not an anchor, file or other site). */
export function isRouterHref(href: string): boolean {
  return !href.startsWith('#') && !EXTERNAL.test(href) && !FILE.test(href);
}

export function SmartLink({ href, children, className, ...rest }: LinkAttributes) {
  // In-page anchors scroll natively (no router navigation).
  if (href.startsWith('#')) {
    return (
      <a href={href} className={className} {...rest}>
        {children}
      </a>
    );
  }
  if (EXTERNAL.test(href) || FILE.test(href)) {
    const external = EXTERNAL.test(href) && !href.startsWith('mailto:') && !href.startsWith('tel:');
    if (external) {
      return (
        <NewTabLink href={href} className={className} {...rest}>
          {children}
        </NewTabLink>
      );
    }
    return (
      <a href={href} className={className} {...rest}>
        {children}
      </a>
    );
  }
  // A page of the site: a plain <a>, which the page's router follows as a React Router Link would
  // (src/engine/chrome/site-links.ts), at a fraction of a Link's hydration work.
  return (
    <a href={href} className={className} {...rest}>
      {children}
    </a>
  );
}

/** Renders a link only when both label and target have a value. */
export function OptionalLink({ link, className }: { link?: Partial<LinkProps>; className?: string }) {
  if (!link?.label || !link.href) return null;
  return (
    <SmartLink href={link.href} className={className}>
      {link.label}
      {link.hiddenSuffix?.trim() ? (
        <>
          {' '}
          <span className="visually-hidden">{link.hiddenSuffix.trim()}</span>
        </>
      ) : null}
    </SmartLink>
  );
}

/** Item titles sit one level below the section heading: h3 under a titled section, else h2. */
export function itemHeading(heading?: SectionHeadingProps): 'h2' | 'h3' {
  return heading?.title ? 'h3' : 'h2';
}

export function SectionHeading({ heading, level = 2 }: { heading?: SectionHeadingProps; level?: 1 | 2 }) {
  if (!heading?.title && !heading?.subtitle) return null;
  const Tag = level === 1 ? 'h1' : 'h2';
  return (
    <header className="section-heading">
      {heading.title ? <Tag>{heading.title}</Tag> : null}
      {heading.subtitle ? <p className="section-heading__subtitle">{heading.subtitle}</p> : null}
    </header>
  );
}

/**
 * The frame of most blocks: <section class> › .container › the section heading, then the block's
 * own content. `after` stands after the container, inside the section (the blocks' dialogs).
 */
export function BlockSection({
  className,
  heading,
  children,
  after,
}: {
  className: string;
  heading?: SectionHeadingProps;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <section className={className}>
      <div className="container">
        <SectionHeading heading={heading} />
        {children}
      </div>
      {after}
    </section>
  );
}

/** A block's closing link (e.g. "View All") in a paragraph of its own; nothing without a link with a text and a target. */
export function FooterLink({ link, className, linkClassName }: { link?: Partial<LinkProps>; className: string; linkClassName: string }) {
  if (!link?.label || !link.href) return null;
  return (
    <p className={className}>
      <OptionalLink link={link} className={linkClassName} />
    </p>
  );
}

/** A decorative image (empty alt) below the fold: loaded lazily, decoded off the main thread; nothing without a src. */
export function LazyImage({ src, className, width, height }: { src?: string; className?: string; width: number; height: number }) {
  if (!src) return null;
  return <img className={className} src={src} alt="" width={width} height={height} loading="lazy" decoding="async" />;
}

/** A button that shows only a symbol (hidden from assistive technology) and is named by its aria-label. */
export function IconButton({
  label,
  symbol,
  className,
  onClick,
  ref,
}: {
  label: string;
  symbol: string;
  className: string;
  onClick: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button ref={ref} type="button" className={className} aria-label={label} onClick={onClick}>
      <span aria-hidden="true">{symbol}</span>
    </button>
  );
}

/**
 * Moves the headings of sanitized HTML so that its highest one is an <h{top}>, keeping their
 * relative levels (capped at h6): content written for another page (an <h3> straight under the
 * page's <h1>, or an <h1> of its own) then fits the outline it is placed in. A pure string
 * rewrite, so the server and the browser render the same markup.
 */
export function shiftHeadings(html: string, top: number): string {
  const tag = /<(\/?)h([1-6])(?=[\s/>])/gi;
  const levels = [...html.matchAll(tag)].map((m) => Number(m[2]));
  if (levels.length === 0) return html;
  const shift = top - Math.min(...levels);
  if (shift === 0) return html;
  return html.replace(tag, (_m, close: string, level: string) => `<${close}h${Math.min(6, Math.max(1, Number(level) + shift))}`);
}

/**
 * HTML that the server already sanitized (every html prop passes through DOMPurify in the loader).
 * With headingsFrom its headings start at that level (see shiftHeadings).
 */
export function Html({ html, className, headingsFrom }: { html?: string; className?: string; headingsFrom?: number }) {
  if (!html) return null;
  const markup = headingsFrom ? shiftHeadings(html, headingsFrom) : html;
  return <div className={className ? `prose ${className}` : 'prose'} dangerouslySetInnerHTML={{ __html: markup }} />;
}

/** The text of sanitized HTML, for matching (search), never for display. */
export function textOf(html: string | undefined): string {
  return (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * "2026-03-14" → "14 Mar 2026". Formatted by hand (not Intl) so server and browser print the
 * same text whatever their locale and time zone: no hydration mismatch.
 */
export function formatDate(value?: string): string | undefined {
  if (!value) return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  const month = MONTHS[Number(m[2]) - 1];
  return month ? `${Number(m[3])} ${month} ${m[1]}` : value;
}

export function DateText({ value }: { value?: string }) {
  const text = formatDate(value);
  if (!text) return null;
  return <time dateTime={value?.slice(0, 10)}>{text}</time>;
}

/** Lists from content may be missing or malformed; blocks render what is there. */
export function listOf<T>(value: T[] | undefined | null): T[] {
  return Array.isArray(value) ? value : [];
}

/**
 * In a row that scrolls sideways (pills, tabs), the control that takes focus is scrolled wholly
 * into view with its focus ring: the browser scrolls a focused element only when it is entirely
 * out of view, and leaves a half-shown one half-shown (WCAG 2.4.11, 2.4.7).
 */
export function useFocusedInView(row: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    const reveal = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && event.target !== element)
        event.target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    };
    element.addEventListener('focusin', reveal);
    return () => element.removeEventListener('focusin', reveal);
  }, [row]);
}
