/**
 * schema.org JSON-LD from the structured-data declarations of a definition (after their bindings
 * are resolved) and from site.config.json (Organization, on every page). One small mapper per
 * type; each returns undefined when the content lacks what the type requires, so no half-filled
 * item is published. Pure: the loader passes the origin and the organisation in.
 */

export type JsonLd = Record<string, unknown>;

export interface OrganizationInfo {
  name: string;
  legalName?: string;
  /** Absolute URL of the site (the origin). */
  url: string;
  /** Absolute URL of the logo. */
  logo?: string;
  /** Profiles elsewhere (the footer's social links). */
  sameAs: string[];
}

export interface StructuredDataContext {
  origin: string;
  /** Absolute canonical URL of the page. */
  pageUrl: string;
  organization: OrganizationInfo;
}

const CONTEXT = 'https://schema.org';

function str(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** An absolute URL for a site path or URL; undefined for values that are no URL. */
export function absoluteUrl(value: unknown, origin: string): string | undefined {
  const text = str(value);
  if (!text) return undefined;
  try {
    const url = new URL(text, `${origin}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Drops undefined values and empty lists, so the JSON holds only what the content gave. */
function compact(value: JsonLd): JsonLd {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)));
}

function organizationNode(org: OrganizationInfo): JsonLd {
  return compact({
    '@type': 'Organization',
    name: org.name,
    legalName: org.legalName,
    url: org.url,
    logo: org.logo ? { '@type': 'ImageObject', url: org.logo } : undefined,
  });
}

export function organizationJsonLd(org: OrganizationInfo): JsonLd {
  return compact({
    '@context': CONTEXT,
    '@type': 'Organization',
    name: org.name,
    legalName: org.legalName,
    url: org.url,
    logo: org.logo,
    sameAs: org.sameAs,
  });
}

function creativeWork(type: 'BlogPosting' | 'Article') {
  return (props: Record<string, unknown>, ctx: StructuredDataContext): JsonLd | undefined => {
    const headline = str(props.headline);
    if (!headline) return undefined;
    const image = absoluteUrl(props.image, ctx.origin);
    const author = str(props.author);
    return compact({
      '@context': CONTEXT,
      '@type': type,
      headline,
      description: str(props.description),
      datePublished: str(props.datePublished),
      dateModified: str(props.dateModified) ?? str(props.datePublished),
      image: image ? [image] : undefined,
      author: author ? { '@type': 'Person', name: author } : organizationNode(ctx.organization),
      publisher: organizationNode(ctx.organization),
      mainEntityOfPage: { '@type': 'WebPage', '@id': ctx.pageUrl },
    });
  };
}

function jobPosting(props: Record<string, unknown>, ctx: StructuredDataContext): JsonLd | undefined {
  const title = str(props.title);
  const description = str(props.description);
  const datePosted = str(props.datePosted);
  const location = (props.jobLocation ?? {}) as Record<string, unknown>;
  const address = compact({
    '@type': 'PostalAddress',
    addressLocality: str(location.city),
    addressRegion: str(location.region),
    addressCountry: str(location.country),
  });
  if (!title || !description || !datePosted || Object.keys(address).length === 1) return undefined;
  const org = ctx.organization;
  const identifier = str(props.identifier);
  return compact({
    '@context': CONTEXT,
    '@type': 'JobPosting',
    title,
    description,
    datePosted,
    validThrough: str(props.validThrough),
    employmentType: str(props.employmentType),
    identifier: identifier ? { '@type': 'PropertyValue', name: org.legalName ?? org.name, value: identifier } : undefined,
    hiringOrganization: compact({ '@type': 'Organization', name: org.name, legalName: org.legalName, sameAs: org.url, logo: org.logo }),
    jobLocation: { '@type': 'Place', address },
    url: ctx.pageUrl,
  });
}

function faqPage(props: Record<string, unknown>): JsonLd | undefined {
  const questions = Array.isArray(props.questions) ? (props.questions as Record<string, unknown>[]) : [];
  const mainEntity = questions
    .map((q) => ({ name: str(q?.question), text: str(q?.answer) }))
    .filter((q): q is { name: string; text: string } => Boolean(q.name && q.text))
    .map((q) => ({ '@type': 'Question', name: q.name, acceptedAnswer: { '@type': 'Answer', text: q.text } }));
  if (mainEntity.length === 0) return undefined;
  return { '@context': CONTEXT, '@type': 'FAQPage', mainEntity };
}

function breadcrumbList(props: Record<string, unknown>, ctx: StructuredDataContext): JsonLd | undefined {
  const items = Array.isArray(props.items) ? (props.items as Record<string, unknown>[]) : [];
  const itemListElement = items
    .map((crumb) => ({ name: str(crumb?.name), item: crumb?.url === undefined ? ctx.pageUrl : absoluteUrl(crumb.url, ctx.origin) }))
    .filter((crumb): crumb is { name: string; item: string } => Boolean(crumb.name && crumb.item))
    .map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.item }));
  if (itemListElement.length === 0) return undefined;
  return { '@context': CONTEXT, '@type': 'BreadcrumbList', itemListElement };
}

const mappers: Record<string, (props: Record<string, unknown>, ctx: StructuredDataContext) => JsonLd | undefined> = {
  BlogPosting: creativeWork('BlogPosting'),
  Article: creativeWork('Article'),
  JobPosting: jobPosting,
  FAQPage: faqPage,
  BreadcrumbList: breadcrumbList,
};

/** The JSON-LD object of one declaration (props already resolved), or undefined when content is missing. */
export function toJsonLd(type: string, props: Record<string, unknown>, ctx: StructuredDataContext): JsonLd | undefined {
  return mappers[type]?.(props, ctx);
}

/** JSON for a `<script type="application/ld+json">`: `</` and line separators escaped so nothing can close the element. */
export function jsonLdText(value: JsonLd): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
