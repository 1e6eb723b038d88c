// White papers and case studies: one source list produces the list collection
// (collections/whitepapers.json), the banner page's "latest" carousel and one
// /api/whitepaper/{slug} file per item, so they always agree.
import { banner, h2, p, ul, type PageData } from './company-shared.ts';

export const WHITEPAPER_CATEGORIES = [
  { id: '1', name: 'Case Studies' },
  { id: '2', name: 'White Paper' },
] as const;

/** Label shown on a card: 'Case Studies' for category 1, 'White Paper' for category 2. */
const categoryName = (c: '1' | '2') => (c === '1' ? 'Case Studies' : 'White Paper');

interface Source {
  slug: string;
  name: string;
  cat: '1' | '2';
  date: string;
  image: string;
  short: string;
  /** Case study: the customer's situation. White paper: the problem the paper addresses. */
  context: string;
  points: string[];
  outcome: string;
}

const CS = 'products/case-study.svg';
const WP = 'products/white-paper.svg';

const ITEMS: Source[] = [
  {
    slug: 'asset-audits-in-a-day',
    name: 'From Weeks to a Day: AI-assisted Site Audits at Tallis Ridge Towers',
    cat: '1',
    date: '2026-03-10',
    image: 'blog/tower-assets.svg',
    short: 'How photo-based audits and automated reconciliation replaced manual site surveys across 6,000 towers.',
    context:
      'Tallis Ridge Towers audited sites with paper forms and spreadsheets, so each audit took most of a technician day and results reached finance weeks later.',
    points: [
      'Photo capture with guided checklists on a mobile app',
      'Equipment recognised automatically and matched to tenancies',
      'Discrepancies routed to lease and billing teams as tasks',
    ],
    outcome:
      'Audit time fell to under two hours per site, and the first full cycle found tenant equipment worth over two million pounds a year that had never been billed.',
  },
  {
    slug: 'towerco-automation-playbook',
    name: 'The TowerCo Automation Playbook',
    cat: '2',
    date: '2026-02-24',
    image: WP,
    short: 'A step-by-step guide to automating lease, asset and billing processes across a growing tower portfolio.',
    context:
      'Tower portfolios grow through acquisition faster than back-office processes can adapt, leaving teams to reconcile leases, assets and invoices by hand.',
    points: [
      'Map the lease-to-cash process end to end',
      'Create one asset register as the source of truth',
      'Automate billing triggers from verified asset changes',
      'Measure leakage and cycle time every month',
    ],
    outcome: 'Tower companies that follow these steps typically see operational efficiency gains of up to 75% within two years.',
  },
  {
    slug: 'multi-country-lease-consolidation',
    name: 'One Lease Register for Five Countries',
    cat: '1',
    date: '2026-02-09',
    image: 'blog/tower-assets.svg',
    short: 'Marrowgate Infrastructure brought 9,000 ground and rooftop leases into a single clause-level register.',
    context:
      'Each country team at Marrowgate kept leases in its own system, with different renewal rules and no shared view of obligations.',
    points: [
      'Lease documents digitised and clauses tagged',
      'Escalations and renewals calculated automatically',
      'One approval workflow for all five countries',
    ],
    outcome: 'Missed renewals dropped to zero in the first year, and rent escalations are now applied on time across the whole portfolio.',
  },
  {
    slug: 'consolidating-four-billing-stacks',
    name: 'Consolidating Four Billing Stacks in Fourteen Months',
    cat: '1',
    date: '2026-01-12',
    image: CS,
    short: 'How a multi-country operator retired its legacy billing platforms without a single missed billing cycle.',
    context:
      'Quenby Telecom ran four billing platforms inherited through mergers, each with its own product catalogue and month-end process.',
    points: [
      'Common product catalogue designed with business owners',
      'Parallel billing runs before each country cut-over',
      'Automated reconciliation of every invoice line',
    ],
    outcome: 'All four legacy platforms were retired on schedule, and billing operating costs fell by 38%.',
  },
  {
    slug: 'revenue-leakage-in-shared-infrastructure',
    name: 'Closing Revenue Leakage in Shared Infrastructure',
    cat: '2',
    date: '2025-12-18',
    image: 'blog/revenue-analytics.svg',
    short: 'Where tower companies lose revenue, how to measure it and how to stop it for good.',
    context: 'Our research with forty tower companies found that up to 4% of revenue is lost to gaps between leases, assets and invoices.',
    points: [
      'Unbilled equipment added without contract amendments',
      'Escalations not applied on time',
      'Power pass-through costs not recovered',
      'Disputes settled with blanket credit notes',
    ],
    outcome: 'A connected lease, asset and billing process closes most of these gaps within a single financial year.',
  },
  {
    slug: 'tenant-portal-halves-approval-times',
    name: 'Tenant Portal Halves Colocation Approval Times',
    cat: '1',
    date: '2025-11-27',
    image: 'blog/customer-portal.svg',
    short: 'Marrowgate Infrastructure moved colocation applications from e-mail to a self-service portal.',
    context:
      'Tenants submitted colocation requests by e-mail with attachments, and account managers re-keyed every request into three systems.',
    points: [
      'Online applications with structural checks built in',
      'Real-time status tracking for tenants',
      'Invoices and disputes handled in the same portal',
    ],
    outcome: 'Average approval time fell from 41 to 19 days, and tenant satisfaction scores rose by 22 points.',
  },
  {
    slug: 'cloud-native-bss-buyers-guide',
    name: "A Buyer's Guide to Cloud-Native BSS",
    cat: '2',
    date: '2025-11-06',
    image: 'blog/cloud-billing.svg',
    short: 'What to ask vendors about scalability, upgrades, data residency and total cost of ownership.',
    context:
      'Every vendor now claims to be cloud-native, but the architecture behind the claim makes a large difference to cost and agility.',
    points: [
      'Independent scaling of rating, billing and care',
      'Upgrades without downtime',
      'Regional deployment for data residency',
      'Transparent, usage-linked pricing',
    ],
    outcome: 'Use the checklist in this paper to compare vendors on evidence rather than marketing language.',
  },
  {
    slug: 'credit-control-without-complaints',
    name: 'Credit Control Without the Complaints',
    cat: '1',
    date: '2025-10-21',
    image: 'blog/revenue-analytics.svg',
    short: 'Orvane Mobile reduced overdue receivables by a quarter with segmented collection strategies.',
    context:
      'Orvane Mobile treated all overdue customers the same way, which annoyed good payers and did little to recover debt from persistent late payers.',
    points: [
      'Customers segmented by risk and value',
      'Reminders sent on the preferred channel',
      'Automatic payment plans for customers in difficulty',
    ],
    outcome: 'Overdue receivables fell by 25% in six months while collection-related complaints fell by 30%.',
  },
  {
    slug: 'low-code-orchestration-for-operators',
    name: 'Low-Code Orchestration for Operators',
    cat: '2',
    date: '2025-10-02',
    image: 'blog/orchestration.svg',
    short: 'How low-code middleware and an API gateway shorten integration projects from months to weeks.',
    context:
      'Operators spend a large share of every change project on point-to-point integrations that are expensive to build and harder to change.',
    points: [
      'Reusable connectors for BSS, OSS and partner systems',
      'Business events instead of batch file transfers',
      'One API gateway with security and throttling',
      'Versioned flows with automated tests',
    ],
    outcome: 'Integration changes that once took a quarter can be delivered within a single sprint.',
  },
  {
    slug: 'subscription-billing-for-media',
    name: 'Subscription Billing for a Streaming Start-up',
    cat: '1',
    date: '2025-09-16',
    image: 'blog/cloud-billing.svg',
    short: 'A fast-growing streaming service launched in six markets with flexible plans and local payment methods.',
    context:
      'The business had outgrown its home-built billing scripts and needed trials, bundles and local payment methods before a multi-market launch.',
    points: [
      'Plans, trials and bundles configured without code',
      'Local payment methods through Meridian Payments',
      'Revenue recognition reports for finance',
    ],
    outcome: 'The service launched in six markets in under four months and now bills more than 800,000 subscribers.',
  },
  {
    slug: 'field-force-productivity',
    name: 'Field Force Productivity in Tower Maintenance',
    cat: '2',
    date: '2025-08-28',
    image: 'blog/field-force.svg',
    short: 'Scheduling, routing and mobile work orders that keep technicians on site instead of on the road.',
    context: 'Maintenance teams at tower companies lose hours every day to poor routing, missing information and repeat visits.',
    points: [
      'Work orders created from alarms and audits',
      'Optimised routes across maintenance windows',
      'Offline mobile forms with photo evidence',
    ],
    outcome: 'Tower companies using optimised scheduling complete up to 30% more planned visits with the same teams.',
  },
  {
    slug: 'ccm-multichannel-statements',
    name: 'Multichannel Statements for Eight Million Customers',
    cat: '1',
    date: '2025-08-11',
    image: 'blog/messaging.svg',
    short: 'An operator moved from print-only bills to personalised statements on e-mail, SMS and messaging apps.',
    context: 'Printing and posting bills cost the operator millions every year, and customers wanted statements on their phones.',
    points: [
      'One template set for print, e-mail and messaging',
      'Unicode support for four local languages',
      'Bounce-mail tracking with automatic fallback to SMS',
    ],
    outcome: 'Paper bills fell by 70% within a year, and calls to the contact centre about bills dropped by 18%.',
  },
  {
    slug: 'bpm-for-order-to-activation',
    name: 'Business Process Management for Order-to-Activation',
    cat: '2',
    date: '2025-07-24',
    image: 'icons/bpm.svg',
    short: 'Designing order-to-activation workflows that can change as fast as the product catalogue.',
    context:
      'Order journeys for enterprise services pass through many teams, and hard-coded workflows make every product change a development project.',
    points: [
      'Model workflows visually with business owners',
      'Add approvals, SLAs and escalations without code',
      'Simulate changes before releasing them',
    ],
    outcome: 'Operators using model-driven workflows launch new enterprise services in weeks rather than months.',
  },
  {
    slug: 'managed-operations-for-towerco',
    name: 'Managed Operations for a Growing Tower Company',
    cat: '1',
    date: '2025-07-03',
    image: 'blog/field-force.svg',
    short: 'A tower company handed day-to-day platform operations to Veltrix and refocused its IT team on growth.',
    context:
      'The IT team spent most of its time on monitoring, patches and month-end support instead of projects that supported expansion.',
    points: [
      '24/7 monitoring and incident management',
      'Monthly service reviews against agreed levels',
      'Release management for new features',
    ],
    outcome: 'Platform availability reached 99.95%, and the IT team delivered three acquisition integrations in the following year.',
  },
  {
    slug: 'data-migration-without-downtime',
    name: 'Data Migration Without Downtime',
    cat: '2',
    date: '2025-06-12',
    image: 'blog/cloud-billing.svg',
    short: 'Lessons from forty platform migrations on planning, reconciliation and cut-over.',
    context:
      'Data migration is the riskiest part of any platform change, and most failures come from planning gaps rather than technology.',
    points: [
      'Profile and cleanse data before mapping it',
      'Reconcile every migrated record automatically',
      'Rehearse cut-over at least twice',
      'Keep a tested fallback plan',
    ],
    outcome: 'Following these practices, our migration teams have completed forty cut-overs without a missed billing cycle.',
  },
  {
    slug: 'power-pass-through-recovery',
    name: 'Recovering Power Costs Across 3,000 Sites',
    cat: '1',
    date: '2025-05-22',
    image: 'blog/revenue-analytics.svg',
    short: 'Automated apportionment of energy costs recovered millions in previously absorbed expenses.',
    context: 'A tower company paid energy bills for shared sites but recharged tenants using estimates that were rarely updated.',
    points: [
      'Meter and generator readings collected automatically',
      'Costs apportioned by tenant load',
      'Pass-through charges added to monthly invoices',
    ],
    outcome: 'Energy cost recovery rose from 61% to 96% within two quarters.',
  },
  {
    slug: 'security-in-managed-cloud',
    name: 'Security and Compliance in a Managed Telecom Cloud',
    cat: '2',
    date: '2025-05-05',
    image: 'blog/security.svg',
    short: 'How ISO/IEC 27001 and SOC 2 controls protect customer data across development, hosting and support.',
    context: 'Operators and tower companies must show regulators and auditors how their vendors protect customer and network data.',
    points: [
      'Encryption in transit and at rest',
      'Role-based access with regular reviews',
      'Continuous vulnerability management',
      'Independent annual audits',
    ],
    outcome: 'This paper explains each control and the evidence available to customers during their own audits.',
  },
  {
    slug: 'unified-register-after-acquisition',
    name: 'A Unified Register After Three Acquisitions',
    cat: '1',
    date: '2025-04-14',
    image: 'blog/tower-assets.svg',
    short: 'A tower company integrated three acquired portfolios into one asset and lease register in under a year.',
    context: 'Each acquired business came with its own site codes, lease templates and billing systems.',
    points: [
      'Common site identifiers across all portfolios',
      'Lease templates harmonised and clauses mapped',
      'Billing migrated in waves by country',
    ],
    outcome: 'All three portfolios were billed from one platform eleven months after the last acquisition closed.',
  },
  {
    slug: 'subscription-metrics-that-matter',
    name: 'Subscription Metrics That Matter',
    cat: '2',
    date: '2025-03-20',
    image: 'blog/cloud-billing.svg',
    short: 'The revenue, churn and retention metrics every subscription business should track, and how to calculate them.',
    context: 'Subscription businesses often track dozens of metrics but act on very few of them.',
    points: [
      'Monthly and annual recurring revenue',
      'Gross and net revenue retention',
      'Churn by cohort and plan',
      'Customer lifetime value',
    ],
    outcome: 'A small, well-defined set of metrics helps teams focus on the changes that grow revenue.',
  },
  {
    slug: 'orchestration-for-enterprise-services',
    name: 'Faster Enterprise Service Delivery with Orchestration',
    cat: '1',
    date: '2025-02-27',
    image: 'blog/orchestration.svg',
    short: 'An operator cut enterprise connectivity delivery times by 40% with automated orchestration.',
    context: 'Enterprise connectivity orders passed through seven systems with manual hand-offs at every stage.',
    points: [
      'Order decomposition into technical tasks',
      'Automated provisioning for standard products',
      'Real-time order status for account managers',
    ],
    outcome: 'Average delivery time fell by 40%, and fall-out requiring manual work dropped below 5% of orders.',
  },
  {
    slug: 'ai-in-tower-operations',
    name: 'Practical AI in Tower Operations',
    cat: '2',
    date: '2025-02-06',
    image: 'blog/tower-assets.svg',
    short: 'Where artificial intelligence already pays off for tower companies, and where it is still hype.',
    context: 'AI promises much for infrastructure owners, but only some use cases deliver measurable value today.',
    points: [
      'Equipment recognition in site photographs',
      'Anomaly detection in energy consumption',
      'Predictive maintenance from alarm history',
    ],
    outcome: 'Start with use cases that connect directly to revenue or cost, and measure the outcome from the first month.',
  },
  {
    slug: 'customer-care-modernisation',
    name: 'Modernising Customer Care for a Regional Operator',
    cat: '1',
    date: '2025-01-16',
    image: 'blog/customer-portal.svg',
    short: 'A single customer view and guided processes reduced average handling time by a fifth.',
    context: 'Agents switched between six applications to answer a single customer query.',
    points: [
      'One customer view across billing, orders and tickets',
      'Guided processes for common requests',
      'Self-service for top ten query types',
    ],
    outcome: 'Average handling time fell by 21%, and first-contact resolution rose to 84%.',
  },
  {
    slug: 'lease-management-best-practices',
    name: 'Lease Management Best Practices for Tower Companies',
    cat: '2',
    date: '2024-12-09',
    image: 'icons/lease.svg',
    short: 'Clause-level obligations, escalations and renewals: how leading tower companies manage their lease portfolios.',
    context: 'Leases are the largest cost for most tower companies, yet many still manage them in spreadsheets.',
    points: [
      'Digitise every lease and tag key clauses',
      'Automate escalations and renewal alerts',
      'Link leases to sites, assets and tenants',
    ],
    outcome: 'A well-managed lease portfolio reduces cost, avoids disputes and supports faster due diligence.',
  },
  {
    slug: 'telco-revenue-assurance',
    name: 'Revenue Assurance for a Converged Operator',
    cat: '1',
    date: '2024-11-05',
    image: 'blog/revenue-analytics.svg',
    short: 'Automated controls found and fixed leakage across mobile, fixed and enterprise services.',
    context: 'The operator relied on quarterly manual checks that found issues months after revenue was lost.',
    points: [
      'Daily automated reconciliation of usage and billing',
      'Alerts routed to owners with clear thresholds',
      'Leakage tracked to closure',
    ],
    outcome: 'Recovered revenue paid for the programme within five months.',
  },
  {
    slug: 'portal-strategy-for-infrastructure-owners',
    name: 'A Portal Strategy for Infrastructure Owners',
    cat: '2',
    date: '2024-09-24',
    image: 'icons/portal.svg',
    short: 'How self-service portals change the relationship between tower companies and their tenants.',
    context: 'Tenants expect the same digital experience from their infrastructure suppliers as from any other supplier.',
    points: ['Start with applications and status tracking', 'Add invoices, payments and disputes', 'Open APIs for large tenants'],
    outcome: 'A phased portal roadmap delivers value in the first quarter and builds towards full self-service.',
  },
  {
    slug: 'billing-for-fibre-wholesale',
    name: 'Wholesale Fibre Billing on a Tower Platform',
    cat: '1',
    date: '2024-08-13',
    image: 'blog/cloud-billing.svg',
    short: 'A tower company extended its Veltrix platform to bill a new wholesale fibre business.',
    context: 'After building a fibre network, the tower company needed to bill wholesale customers without buying a second billing system.',
    points: [
      'Fibre products added to the existing catalogue',
      'Usage and capacity charges rated on one platform',
      'Shared customer portal for towers and fibre',
    ],
    outcome: 'The fibre business billed its first customers within ten weeks of the decision.',
  },
  {
    slug: 'digital-twin-for-towers',
    name: 'Building a Digital Twin of Your Tower Portfolio',
    cat: '2',
    date: '2024-06-18',
    image: 'blog/tower-assets.svg',
    short: 'What a digital twin is, what data it needs and how it supports capacity planning and sales.',
    context: 'Tower companies need accurate structural and equipment data to sell capacity and plan upgrades.',
    points: [
      'Collect structural, equipment and lease data per site',
      'Keep it current with audits and change workflows',
      'Use it to quote new tenancies in minutes',
    ],
    outcome: 'A trusted digital twin turns asset data into a sales and planning tool.',
  },
  {
    slug: 'credit-risk-in-subscription-businesses',
    name: 'Managing Credit Risk in Subscription Businesses',
    cat: '2',
    date: '2024-04-09',
    image: 'blog/revenue-analytics.svg',
    short: 'Balancing growth and bad debt with smarter onboarding checks and dunning strategies.',
    context: 'Fast-growing subscription businesses often discover their bad-debt problem only after it has grown large.',
    points: ['Risk checks at sign-up', 'Dunning journeys tuned by segment', 'Clear write-off and recovery rules'],
    outcome: 'A structured approach keeps bad debt under control without slowing growth.',
  },
];

/** A list item as SPEC §3 shapes it (the sample leaves out the optional description). */
export interface WhitepaperItem {
  name: string;
  category: '1' | '2';
  category_name: string;
  date: string;
  image: string;
  /** HTML teaser. */
  short_description: string;
  slug: string;
}

function content(s: Source): string {
  if (s.cat === '1')
    return [
      p(s.short),
      h2('The challenge'),
      p(s.context),
      h2('The solution'),
      p(
        'Working with Veltrix consultants, the team redesigned the process and deployed the platform in phases, with measurable goals for each phase.',
      ),
      ul(...s.points),
      h2('The results'),
      p(s.outcome),
      p('Want to achieve similar results? <a href="/talk-to-us">Talk to our experts</a>.'),
    ].join('\n');
  return [
    p(s.short),
    h2('Why it matters'),
    p(s.context),
    h2('Key recommendations'),
    ul(...s.points),
    h2('Conclusion'),
    p(s.outcome),
    p('To discuss how these ideas apply to your business, <a href="/talk-to-us">talk to our experts</a>.'),
  ].join('\n');
}

export function buildWhitepapers(): { collection: WhitepaperItem[]; posts: Record<string, unknown> } {
  const sorted = [...ITEMS].sort((a, b) => b.date.localeCompare(a.date));
  const collection = sorted.map((s) => ({
    name: s.name,
    category: s.cat,
    category_name: categoryName(s.cat),
    date: s.date,
    image: s.image,
    short_description: p(s.short),
    slug: s.slug,
  }));
  const posts: Record<string, unknown> = {};
  for (const s of sorted) {
    posts[s.slug] = {
      post_data: {
        name: s.name,
        category_name: categoryName(s.cat),
        date: s.date,
        image: s.image,
        content: content(s),
        page_title: `${s.name} | Veltrix ${categoryName(s.cat)}`,
        meta_keywords: `${s.name}, ${categoryName(s.cat).toLowerCase()}, Veltrix`,
        meta_description: s.short,
      },
    };
  }
  return { collection, posts };
}

export function buildWhitepaperPage(collection: WhitepaperItem[]) {
  const page_data: PageData = {
    page_title: 'White Papers and Case Studies | Veltrix',
    meta_keywords: 'Veltrix white papers, case studies, tower company case study, telecom BSS white paper',
    meta_description: 'Research, guides and customer stories from Veltrix on tower company operations, telecom billing and automation.',
    name: 'White Papers & Case Studies',
    sub_text: 'Ideas and results',
    sub_text2: 'In-depth guides from our experts and the stories of customers who put them into practice.',
    ...banner('insights'),
  };
  return {
    page_data,
    casestudies_dataa: {
      latest: collection.slice(0, 5),
      category: WHITEPAPER_CATEGORIES.map(({ id, name }) => ({ id, name })),
    },
  };
}
