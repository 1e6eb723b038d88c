// Press sample content: the press page (years and upcoming-event carousel), the
// press release collection served paginated by /api/press-release-list, and one
// /api/blog/{slug} article per release and event ('Read Full Article' and
// 'View Event Details' lead to /blog/{slug}: SPEC §2 has no press detail route).
import type { BlogPostResponse } from './blog.ts';
import { banner, h2, p, ul, type PageData } from './company-shared.ts';

/** A press item as SPEC §3 shapes it (date, title, image_path, short_description, slug). */
export interface PressItem {
  date: string;
  /** Not a SPEC field (x-assumed): the reference service filters the list by it (?year=). */
  year: string;
  title: string;
  image_path: string;
  /** HTML teaser. */
  short_description: string;
  slug: string;
}

/** An upcoming event, shaped like a press item (SPEC §3). */
export type EventItem = Omit<PressItem, 'year'>;

const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

// [date, title, image, short description]
const RELEASES: [string, string, string, string][] = [
  [
    '2026-03-18',
    'Veltrix Launches Unified Customer Portal 3.0 with Tenant Self-Service Payments',
    'blog/customer-portal.svg',
    'Tenants of tower companies can now apply for colocation, track approvals and pay invoices in one place.',
  ],
  [
    '2026-03-03',
    'Veltrix Showcases AI-powered Asset Tracking at Mobile Congress Barcelona',
    'banners/congress-desktop.svg',
    'Visitors to Hall 5, Booth 5C31 saw live audits that turn site photographs into a verified equipment register.',
  ],
  [
    '2026-02-17',
    'Tallis Ridge Towers Reaches 100% Asset Visibility with Veltrix',
    'blog/tower-assets.svg',
    'The regional tower company consolidated three asset registers and identified unbilled tenant equipment within nine months.',
  ],
  [
    '2026-02-04',
    'Halcombe Group Opens Veltrix Hub in Nairobi',
    'blog/field-force.svg',
    'The new hub brings delivery and support closer to tower companies and operators across East Africa.',
  ],
  [
    '2026-01-21',
    'Quenby Telecom Completes Billing Consolidation on Veltrix',
    'blog/revenue-analytics.svg',
    'Four legacy billing systems were retired in fourteen months without a single missed billing cycle.',
  ],
  [
    '2026-01-08',
    'Veltrix Achieves SOC 2 Type II for Its Managed Cloud',
    'blog/security.svg',
    'The independent report covers security, availability and confidentiality controls for customer platforms.',
  ],
  [
    '2025-12-10',
    'Veltrix Names Ananya Kulkarni Vice President, Product Management',
    'blog/customer-portal.svg',
    'Ananya will lead the roadmap for the tower company suite from London and Pune.',
  ],
  [
    '2025-11-19',
    'Marrowgate Infrastructure Selects Veltrix Lease & Contract Management',
    'blog/tower-assets.svg',
    'The infrastructure owner will manage more than 9,000 ground and rooftop leases on a single platform.',
  ],
  [
    '2025-11-04',
    'Veltrix Introduces Low-Code Orchestration Studio',
    'blog/orchestration.svg',
    'Operators can design, test and deploy integrations and business events without writing code.',
  ],
  [
    '2025-10-15',
    'Orvane Mobile Cuts Overdue Receivables by a Quarter with Veltrix Credit Control',
    'blog/revenue-analytics.svg',
    'Segmented collection strategies reduced overdue balances while lowering complaints.',
  ],
  [
    '2025-09-30',
    'Veltrix Expands Pune Engineering Centre',
    'banners/company-desktop.svg',
    'The expansion adds space for two hundred engineers working on the revenue and platform portfolios.',
  ],
  [
    '2025-09-09',
    'Veltrix and Northwind Cloud Partner on Data-Resident Hosting',
    'blog/cloud-billing.svg',
    'Customers can now run Veltrix platforms in twelve cloud regions with local data residency.',
  ],
  [
    '2025-08-20',
    'Veltrix Releases Customer Communication Management 5 with Bounce-Mail Tracking',
    'blog/messaging.svg',
    'The release adds multichannel journeys, Unicode templates and delivery analytics.',
  ],
  [
    '2025-07-29',
    'Veltrix Wins Tower Industry Software Award for Asset Tracking',
    'blog/tower-assets.svg',
    'Judges recognised the combination of computer vision and automated reconciliation with billing.',
  ],
  [
    '2025-07-08',
    'Kopano Digital Joins Veltrix Implementation Partner Programme',
    'blog/field-force.svg',
    'The Johannesburg integrator will deliver Veltrix projects for tower companies in Southern Africa.',
  ],
  [
    '2025-06-17',
    'Veltrix Subscription Billing Adds Usage-Based Pricing',
    'blog/cloud-billing.svg',
    'SaaS and media businesses can now combine recurring plans with metered usage on one invoice.',
  ],
  [
    '2025-05-27',
    'Veltrix Opens Dallas Office to Serve the Americas',
    'banners/company-desktop.svg',
    'The new office houses sales, solution consulting and customer success for North and Latin America.',
  ],
  [
    '2025-05-06',
    'Straits Telecom Solutions Becomes Veltrix Channel Partner for South-East Asia',
    'blog/orchestration.svg',
    'The partnership extends local sales and first-line support from the Singapore hub.',
  ],
  [
    '2025-04-15',
    'Veltrix Business Process Management Platform Gains SLA Analytics',
    'blog/revenue-analytics.svg',
    'Process owners can now see where approvals wait and which escalations fire most often.',
  ],
  [
    '2025-03-25',
    'Veltrix Research: Tower Companies Lose Up to 4% of Revenue to Billing Gaps',
    'blog/revenue-analytics.svg',
    'A survey of forty tower companies shows the cost of disconnected lease, asset and billing data.',
  ],
  [
    '2025-03-04',
    'Veltrix at Mobile Congress Barcelona 2025',
    'banners/congress-desktop.svg',
    'The team demonstrated the tower company suite and the first release of AI-powered asset tracking.',
  ],
  [
    '2025-02-11',
    'Veltrix Completes ISO/IEC 27001 Recertification',
    'blog/security.svg',
    'The recertification covers development, hosting and support across all offices and hubs.',
  ],
  [
    '2025-01-22',
    'Halcombe Group Reports Record Growth for Veltrix',
    'banners/company-desktop.svg',
    'Recurring revenue from the tower company suite grew by more than a third year on year.',
  ],
  [
    '2025-01-07',
    'Veltrix Appoints Farah Qureshi to Lead Customer Success in the Middle East and Asia',
    'blog/customer-portal.svg',
    'Farah will work from the Dubai hub with customers across both regions.',
  ],
  [
    '2024-12-03',
    'Veltrix Launches Managed Service Operations for Tower Companies',
    'blog/field-force.svg',
    'Customers can hand day-to-day operation of their Veltrix platforms to our 24/7 operations team.',
  ],
  [
    '2024-11-12',
    'Veltrix Adds Power Pass-Through Billing for Tower Tenancies',
    'blog/cloud-billing.svg',
    'Energy costs can now be apportioned and billed to tenants automatically from meter and generator data.',
  ],
  [
    '2024-10-22',
    'Veltrix and Arclight Vision Partner on Computer-Vision Site Audits',
    'blog/tower-assets.svg',
    'The partnership brings equipment recognition from site photographs into Veltrix asset tracking.',
  ],
  [
    '2024-09-17',
    'Veltrix Opens Regional Hub in Singapore',
    'blog/orchestration.svg',
    'The hub supports operators and tower companies across South-East Asia and Australia.',
  ],
  [
    '2024-08-27',
    'Veltrix Unified Customer Portal Goes Live at Marrowgate Infrastructure',
    'blog/customer-portal.svg',
    'Tenants can now submit and track colocation applications online.',
  ],
  [
    '2024-07-16',
    'Veltrix Releases Revenue Management Platform 8',
    'blog/revenue-analytics.svg',
    'The release adds multi-entity billing and configurable escalation rules for lease-based contracts.',
  ],
  [
    '2024-06-04',
    'Veltrix Recognised as a Leader in Tower Company Software',
    'blog/tower-assets.svg',
    'An independent industry report places Veltrix among the leading vendors for tower company operations.',
  ],
  [
    '2024-04-23',
    'Veltrix Announces Customer Communication Management for Operators',
    'blog/messaging.svg',
    'Personalised statements and notifications on print, e-mail, SMS and messaging apps.',
  ],
  [
    '2024-03-05',
    'Veltrix at Mobile Congress Barcelona 2024',
    'banners/congress-desktop.svg',
    'The team presented the tower company suite to operators and infrastructure investors.',
  ],
];

export function buildPressCollection(): PressItem[] {
  return [...RELEASES]
    .sort((a, b) => b[0].localeCompare(a[0]))
    .map(([date, title, image_path, short]) => ({
      date,
      year: date.slice(0, 4),
      title,
      image_path,
      short_description: p(short),
      slug: slugify(title),
    }));
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** The teaser without its markup (for the article's lead and meta description). */
const plain = (html: string) => html.replace(/<[^>]*>/g, '');
const longDate = (iso: string) => `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;

const ABOUT =
  h2('About Veltrix') +
  p(
    'Veltrix is the flagship brand of Halcombe Group, headquartered in London. Its lease, asset, revenue and customer management software and services help tower companies, telecom operators and subscription businesses run their operations, with offices in the UK, India, South Africa and the USA and hubs in Dubai, Singapore and Nairobi.',
  );
const MEDIA =
  h2('Media contact') +
  p('Press office, Halcombe Group: <a href="mailto:press@veltrix.example">press@veltrix.example</a>, +44 20 7946 0018.');

function article(item: EventItem, kind: 'Press Release' | 'Event', body: string): BlogPostResponse {
  return {
    post_data: {
      cat_name: kind,
      name: item.title,
      image: item.image_path,
      content: body,
      posted_date: item.date,
      page_title: `${item.title} | Veltrix ${kind === 'Event' ? 'Events' : 'Press'}`,
      meta_keywords: `Veltrix, ${kind === 'Event' ? 'event, conference' : 'press release, news'}, Halcombe Group`,
      meta_description: plain(item.short_description),
    },
  };
}

/** One /api/blog/{slug} article per press release and upcoming event. */
export function buildPressPosts(collection: PressItem[], events: EventItem[]): Record<string, BlogPostResponse> {
  const posts: Record<string, BlogPostResponse> = {};
  for (const item of collection) {
    posts[item.slug] = article(
      item,
      'Press Release',
      [
        p(`<strong>London, ${longDate(item.date)}</strong> – ${plain(item.short_description)}`),
        p(
          'The announcement continues the work of Veltrix and its customers to connect leases, assets, billing and customer service on one platform, so that shared infrastructure is run with complete visibility and no revenue leakage.',
        ),
        ABOUT,
        MEDIA,
      ].join('\n'),
    );
  }
  for (const item of events) {
    posts[item.slug] = article(
      item,
      'Event',
      [
        p(`<strong>${longDate(item.date)}</strong> – ${plain(item.short_description)}`),
        h2('Meet the team'),
        p('Our product specialists and solution consultants will be there throughout. To arrange a meeting in advance:'),
        ul(
          'Book a slot through <a href="/talk-to-us">Talk to us</a>',
          'Or e-mail <a href="mailto:events@veltrix.example">events@veltrix.example</a>',
        ),
        ABOUT,
      ].join('\n'),
    );
  }
  return posts;
}

export function buildPressPage(collection: PressItem[]) {
  const page_data: PageData = {
    page_title: 'Press Releases and News | Veltrix',
    meta_keywords: 'Veltrix press releases, Veltrix news, Halcombe Group news, telecom software announcements',
    meta_description: 'The latest announcements from Veltrix: product launches, customer news, partnerships and events.',
    name: 'Press Releases',
    sub_text: 'News from Veltrix',
    sub_text2: 'Product launches, customer milestones, partnerships and company news.',
    ...banner('insights'),
  };
  const years_list = [...new Set(collection.map((i) => i.year))].sort().reverse();
  return { page_data, years_list, event_list: buildPressEvents() };
}

export function buildPressEvents(): EventItem[] {
  const event = (date: string, title: string, image_path: string, short: string, slug: string): EventItem => ({
    date,
    title,
    image_path,
    short_description: p(short),
    slug,
  });
  return [
    event(
      '2026-03-02',
      'Mobile Congress Barcelona 2026',
      'banners/congress-desktop.svg',
      'Meet us in Hall 5, Booth 5C31 at Fira Gran Via, 2–5 March, for live demos of asset tracking and the Unified Customer Portal.',
      'mobile-congress-2026',
    ),
    event(
      '2026-05-19',
      'TowerXchange Meetup Africa',
      'blog/tower-assets.svg',
      'Join our Johannesburg team to discuss lease, asset and revenue operations for African tower companies.',
      'towerxchange-africa-2026',
    ),
    event(
      '2026-06-09',
      'Connected Infrastructure Summit',
      'blog/revenue-analytics.svg',
      'Our CEO Eleanor Whitcombe speaks on revenue assurance for shared infrastructure in London.',
      'connected-infrastructure-summit-2026',
    ),
    event(
      '2026-09-15',
      'Telco Cloud Forum Asia',
      'blog/orchestration.svg',
      'See low-code orchestration and cloud-native billing in action at our stand in Singapore.',
      'telco-cloud-forum-asia-2026',
    ),
  ];
}
