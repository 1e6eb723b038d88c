// Product pages (SPEC §3) of the fictional vendor Veltrix: the tower suite
// (lease, asset, portal), the telco revenue platform and the platforms (BPM,
// CCM, orchestration, subscription billing).
import { benefit, list, pageData, paras, type BannerName } from './offerings-common.ts';

const PRODUCT_KEYWORDS = 'Veltrix products, tower company software, telecom BSS';

function productPage(p: { title: string; keywords: string; description: string; sub_text: string; sub_text2: string; banner: BannerName }) {
  return pageData({ ...p, keywords: `${p.keywords}, ${PRODUCT_KEYWORDS}`, name: p.title });
}

function leaseAndContractManagement() {
  return {
    page_data: productPage({
      title: 'Lease & Contract Management',
      keywords: 'lease management, ground lease, rooftop lease, contract management, escalations',
      description:
        'Veltrix Lease & Contract Management keeps every ground, rooftop and tenant agreement, obligation, escalation and renewal under control for tower companies.',
      sub_text: 'Every lease, clause and renewal under control',
      sub_text2: 'A single register for landlord and tenant agreements across your whole portfolio.',
      banner: 'towers',
    }),
    lease_and_contract_management: {
      top_content: {
        image: 'blog/tower-assets.svg',
        description: paras(
          'Tower companies manage tens of thousands of agreements: ground and rooftop leases with landlords, master lease agreements with operators and site-level tenancy schedules. Veltrix Lease & Contract Management brings them into one clause-level register, linked to sites and assets.',
          'Escalations, renewals, notice periods and obligations are tracked automatically, so nothing depends on a calendar reminder or one person’s memory.',
        ),
      },
      top_content2: {
        name: 'From Signed Paper to Live Obligations',
        description:
          paras('Import scanned agreements and let clause extraction propose terms for review. Once approved, every term drives action:') +
          list(
            'Rent schedules and escalations feed payables and receivables automatically',
            'Renewal and notice alerts reach the right owner months ahead',
            'Landlord payments are validated against contract terms before release',
            'Every change is versioned with a full audit trail',
          ),
        image: 'products/white-paper.svg',
      },
      business_benefits_heading: '',
      business_benefits_section_loop: [
        {
          image_path: 'blog/revenue-analytics.svg',
          description: benefit(
            'No missed escalations',
            'Automated schedules apply every indexation and fixed uplift on time, across currencies.',
          ),
        },
        {
          image_path: 'blog/security.svg',
          description: benefit('Lower lease risk', 'Renewal and termination alerts give estates teams months of notice instead of days.'),
        },
        {
          image_path: 'blog/cloud-billing.svg',
          description: benefit(
            'Faster month-end',
            'Landlord payables and tenant receivables come straight from contract terms, not spreadsheets.',
          ),
        },
        {
          image_path: 'blog/tower-assets.svg',
          description: benefit(
            'Audit-ready portfolio',
            'Every clause, amendment and approval is versioned and traceable for auditors and acquirers.',
          ),
        },
      ],
    },
  };
}

function assetTaggingTracking() {
  return {
    page_data: productPage({
      title: 'AI-powered Asset Tracking & Tagging',
      keywords: 'asset tracking, asset tagging, tower audit, computer vision, digital twin',
      description:
        'Veltrix AI-powered asset tracking builds a verified digital twin of every tower site, with tagging, computer-vision audits and automated reconciliation: 100% asset visibility.',
      sub_text: 'Know exactly what is on every tower',
      sub_text2: '100% asset visibility with tagging, photo audits and computer vision.',
      banner: 'towers',
    }),
    asset_tagging_tracking_solution: {
      top_content: {
        image: 'blog/field-force.svg',
        description: paras(
          'Capacity is what a tower company sells, yet most asset registers disagree with what is actually installed. Veltrix Asset Tracking & Tagging combines RFID and QR tagging, guided field audits and computer-vision analysis of site photos to keep a verified record of every antenna, radio unit, cabinet and power system.',
        ),
      },
      top_content2: {
        name: 'A Digital Twin You Can Bill From',
        description:
          paras('Each audit reconciles the field against contracts and billing:') +
          list(
            'Photos are analysed to count and classify equipment per tenant and per leg height',
            'Differences against the tenancy schedule raise billing or engineering tasks',
            'Structural loading is recalculated before new equipment is approved',
            'Field teams work offline and sync when back in coverage',
          ),
        image: 'blog/tower-assets.svg',
      },
      business_benefits_heading: 'Business Benefits',
      business_benefits_section_loop: [
        {
          image_path: 'blog/tower-assets.svg',
          description: benefit('100% asset visibility', 'A complete, photo-verified inventory for every site in the portfolio.'),
        },
        {
          image_path: 'blog/revenue-analytics.svg',
          description: benefit('Recovered revenue', 'Unbilled equipment found in audits becomes billable loadings within one cycle.'),
        },
        {
          image_path: 'blog/field-force.svg',
          description: benefit('Fewer site visits', 'Guided audits capture everything in one visit, cutting repeat trips by up to 40%.'),
        },
        {
          image_path: 'blog/security.svg',
          description: benefit('Safer structures', 'Loading checks run before approval, not after installation.'),
        },
      ],
    },
  };
}

function unifiedCustomerPortal() {
  return {
    page_data: productPage({
      title: 'Unified Customer Portal',
      keywords: 'customer portal, tenant self-service, site applications, invoice disputes',
      description:
        'The Veltrix Unified Customer Portal gives tower tenants and telecom customers self-service for site applications, invoices, disputes, site access and reports.',
      sub_text: 'Self-service your tenants will actually use',
      sub_text2: 'Applications, invoices, disputes and site access in one place.',
      banner: 'towers',
    }),
    unified_customer_portal: {
      top_content: {
        image: 'blog/customer-portal.svg',
        description: paras(
          'Operators renting space on your towers expect the same digital experience they give their own subscribers. The Veltrix Unified Customer Portal replaces e-mail chains and phone calls with one secure workspace for every tenant.',
        ),
      },
      top_content2: {
        name: 'Everything a Tenant Needs',
        description: list(
          'Search available sites and submit colocation applications with drawings attached',
          'Track each application through survey, structural analysis and approval',
          'View, download and dispute invoices line by line',
          'Request site access and receive permits digitally',
        ),
        image: 'products/platform.svg',
      },
      lease_and_contract_management_business_benefits_heading: '',
      business_benefits_section_loop: [
        {
          image_path: 'blog/customer-portal.svg',
          description: benefit('Faster site applications', 'Complete applications and live tracking cut approval times by weeks.'),
        },
        {
          image_path: 'blog/cloud-billing.svg',
          description: benefit('Fewer billing queries', 'Tenants see invoice detail and raise disputes against individual lines.'),
        },
        {
          image_path: 'blog/messaging.svg',
          description: benefit('Happier customers', 'One place for every interaction, with notifications at each step.'),
        },
        {
          image_path: 'blog/security.svg',
          description: benefit('Secure by design', 'Single sign-on, per-tenant data isolation and a complete access log.'),
        },
      ],
    },
  };
}

function productTelco() {
  return {
    page_data: productPage({
      title: 'Telco Revenue Management Platform',
      keywords: 'telecom billing, convergent charging, revenue management, credit control, mediation',
      description:
        'The Veltrix revenue management platform for telecom operators: convergent rating and billing, mediation, credit control and partner settlement with 100% billing accuracy.',
      sub_text: 'Convergent billing for operators that move fast',
      sub_text2: 'Rate, bill and collect across prepaid, postpaid, enterprise and wholesale.',
      banner: 'network',
    }),
    product_telco: {
      top_content: {
        image: 'blog/revenue-analytics.svg',
        description: paras(
          'Veltrix Revenue Management for telecom operators brings rating, billing, mediation and credit control together on one cloud-native platform. Launch a new bundle in days, bill enterprise hierarchies accurately and settle with partners from the same data.',
        ),
      },
      top_content2: {
        name: 'Built for Convergence',
        description:
          paras('One catalogue and one customer view across every line of business:') +
          list(
            'Real-time and batch rating of voice, data, messaging and digital services',
            'Mediation and provisioning adapters for common network elements',
            'Credit control with configurable dunning and collections journeys',
            'Wholesale and partner settlement with revenue sharing',
          ),
        image: 'blog/orchestration.svg',
      },
    },
    product_subscription_telco: {
      business_benefits_heading: 'Business Benefits',
      business_benefits_section_loop: [
        {
          image_path: 'blog/revenue-analytics.svg',
          description: benefit('100% billing accuracy', 'Automated pre-bill checks catch errors before a single invoice leaves.'),
        },
        {
          image_path: 'blog/orchestration.svg',
          description: benefit('Faster time to market', 'Business users configure offers and price plans without IT change requests.'),
        },
        {
          image_path: 'blog/cloud-billing.svg',
          description: benefit('Lower cost to serve', 'One platform replaces separate prepaid, postpaid and wholesale stacks.'),
        },
        {
          image_path: 'blog/messaging.svg',
          description: benefit('Better collections', 'Segmented dunning journeys reduce bad debt without upsetting good customers.'),
        },
      ],
    },
  };
}

function productBpm() {
  return {
    page_data: productPage({
      title: 'Business Process Management Platform',
      keywords: 'BPM, workflow automation, low-code, process management, SLA management',
      description:
        'The Veltrix BPM platform lets telecom and tower-company teams design, run and improve workflows without code, with approvals, SLAs and escalations built in.',
      sub_text: 'Design, run and improve processes without code',
      sub_text2: 'Workflows with approvals, SLAs and a full audit trail.',
      banner: 'insights',
    }),
    productBpm: {
      introduction: {
        image: 'products/platform.svg',
        description: paras(
          'Veltrix BPM turns the processes that hold an operator together, such as site acquisition, tenant onboarding, credit approvals and fault escalation, into managed workflows. Business analysts model them visually; the engine assigns tasks, enforces SLAs and records every decision.',
          'BPM ships with reference processes for telecom and tower operations and connects to every Veltrix product and to your existing systems through the orchestration layer.',
        ),
      },
      usp_heading: '',
      usp: [
        {
          image_path: 'blog/orchestration.svg',
          title: 'Visual low-code designer',
          description: paras('Model processes with drag-and-drop BPMN, forms and business rules, then publish with one click.'),
        },
        {
          image_path: 'blog/tower-assets.svg',
          title: 'Industry reference processes',
          description: paras('Start from proven templates for site acquisition, colocation and order-to-cash.'),
        },
        {
          image_path: 'blog/security.svg',
          title: 'SLA and escalation engine',
          description: paras('Timers, reminders and escalations make sure no task sits unnoticed.'),
        },
        {
          image_path: 'blog/revenue-analytics.svg',
          title: 'Process analytics',
          description: paras('See bottlenecks, cycle times and workloads in real time and simulate changes first.'),
        },
        {
          image_path: 'blog/cloud-billing.svg',
          title: 'Cloud-native engine',
          description: paras('Scales horizontally and runs in your data centre or ours.'),
        },
      ],
      benefits_heading: '',
      benefits: [
        {
          image_path: 'blog/field-force.svg',
          title: '75% operational process efficiency',
          description: paras('Automated hand-offs and approvals remove waiting time from everyday work.'),
        },
        {
          image_path: 'blog/revenue-analytics.svg',
          title: 'Faster change',
          description: paras('Business teams adjust processes in days instead of waiting for development releases.'),
        },
        {
          image_path: 'blog/security.svg',
          title: 'Complete compliance',
          description: paras('Every action is logged with who, what and when for auditors and regulators.'),
        },
        {
          image_path: 'blog/customer-portal.svg',
          title: 'Better customer experience',
          description: paras('Customers receive proactive updates as their requests move through each step.'),
        },
      ],
    },
  };
}

interface PlatformSpec {
  file: string;
  title: string;
  keywords: string;
  description: string;
  sub_text: string;
  sub_text2: string;
  banner: BannerName;
  top: [string, string, string];
  second: [string, string, string];
  featuresSub: string;
  features: [string, string, string][];
  benefits: [string, string, string][];
}

function platformPage(p: PlatformSpec) {
  return {
    page_data: productPage(p),
    product: {
      top_content: { name: p.top[0], description: p.top[1], image: p.top[2] },
      top_content2: { name: p.second[0], description: p.second[1], image: p.second[2] },
      features_heading: { name: 'Key Features', sub_heading: p.featuresSub },
      features_loop: p.features.map(([title, description, icon_image]) => ({ title, description: paras(description), icon_image })),
      business_benefits_heading: 'Business Benefits',
      business_benefits_section_loop: p.benefits.map(([image_path, heading, text]) => ({
        image_path,
        description: benefit(heading, text),
      })),
    },
  };
}

const PLATFORMS: PlatformSpec[] = [
  {
    file: 'page/product-ccm.json',
    title: 'Customer Communication Management Platform',
    keywords: 'CCM, customer communication management, invoice design, multichannel messaging',
    description:
      'The Veltrix CCM platform designs and delivers invoices, statements, notices and campaigns across print, e-mail, SMS and messaging apps, with full tracking.',
    sub_text: 'Every customer message, on brand and on time',
    sub_text2: 'Design once, deliver across print, e-mail, SMS and messaging apps.',
    banner: 'network',
    top: [
      'Customer Communications Made Simple',
      paras(
        'Invoices, statements, welcome packs, dunning letters and service notices are often the only documents customers read. Veltrix CCM lets marketing and operations teams design them in a browser and deliver them on every channel, in every language, without developer effort.',
      ),
      'blog/messaging.svg',
    ],
    second: [
      'Built for High Volumes',
      paras('Veltrix CCM composes millions of personalised documents per hour and tracks each one to delivery.') +
        list(
          'Template designer with data-driven sections and reusable components',
          'Full Unicode support for right-to-left and Asian scripts',
          'Bounce-mail tracking with automatic fall-back to another channel',
          'Delivery reporting by channel, campaign and customer segment',
        ),
      'products/platform.svg',
    ],
    featuresSub: 'Everything you need to design, deliver and track customer communications',
    features: [
      ['Template designer', 'Browser-based WYSIWYG design with conditional sections and reusable blocks.', 'icons/ccm.svg'],
      ['Multichannel delivery', 'Print, PDF e-mail, SMS and messaging apps from a single template.', 'icons/orchestration.svg'],
      ['Unicode support', 'Any script and language, including right-to-left layouts.', 'icons/portal.svg'],
      ['Bounce-mail tracking', 'Bounced e-mails are detected and re-routed to another channel automatically.', 'icons/shield.svg'],
      ['Campaign management', 'Segment, schedule and A/B test customer campaigns.', 'icons/bpm.svg'],
      ['Reporting', 'Delivery, open and response reporting by channel and segment.', 'icons/revenue.svg'],
    ],
    benefits: [
      ['blog/messaging.svg', 'Faster changes', 'Marketing updates templates in hours instead of waiting for IT releases.'],
      ['blog/cloud-billing.svg', 'Lower print costs', 'Move customers to digital channels with confidence that messages arrive.'],
      ['blog/customer-portal.svg', 'Clearer invoices', 'Better-designed bills reduce billing enquiries to the contact centre.'],
      ['blog/security.svg', 'Compliant archives', 'Every document sent is archived and retrievable for disputes and audits.'],
    ],
  },
  {
    file: 'page/product-orchestration.json',
    title: 'Integration & Orchestration Platform',
    keywords: 'integration platform, orchestration, API gateway, low-code middleware, event streaming',
    description:
      'The Veltrix integration and orchestration platform connects BSS, OSS and partner systems through low-code middleware, an API gateway and business events.',
    sub_text: 'Connect everything, orchestrate anything',
    sub_text2: 'Low-code middleware and an API gateway for telecom and tower operations.',
    banner: 'network',
    top: [
      'The Connective Tissue of Your Operations',
      paras(
        'Order capture, provisioning, billing, field service and partner systems all need to work together. The Veltrix orchestration platform connects them through reusable adapters and orchestrates end-to-end journeys, such as order-to-activate or colocation-to-cash, with full visibility.',
      ),
      'blog/orchestration.svg',
    ],
    second: [
      'Low-Code Where It Helps, Code Where It Matters',
      paras('Integration teams build flows visually and drop into code only for the unusual cases:') +
        list(
          'Library of adapters for BSS, OSS, ERP, CRM and payment systems',
          'API gateway with throttling, security policies and developer portal',
          'Business events published to any subscriber in real time',
          'End-to-end monitoring of every order and transaction',
        ),
      'products/platform.svg',
    ],
    featuresSub: 'Integrate, expose and orchestrate from one platform',
    features: [
      ['Low-code middleware', 'Visual flow designer with mapping, transformation and error handling.', 'icons/orchestration.svg'],
      ['API gateway', 'Publish secure, throttled APIs to partners and channels.', 'icons/shield.svg'],
      ['Adapter library', 'Pre-built connectors for common telecom and enterprise systems.', 'icons/portal.svg'],
      ['Event streaming', 'Publish and subscribe to business events in real time.', 'icons/ccm.svg'],
      ['Journey orchestration', 'Coordinate long-running, multi-system processes with compensation.', 'icons/bpm.svg'],
      ['Operational monitoring', 'Trace every transaction end to end and replay failures.', 'icons/revenue.svg'],
    ],
    benefits: [
      ['blog/orchestration.svg', 'Faster integration', 'New partners and channels connect in weeks, not quarters.'],
      ['blog/revenue-analytics.svg', 'Fewer fall-outs', 'Orchestrated journeys cut order fall-out and manual rework.'],
      ['blog/cloud-billing.svg', 'Lower run costs', 'One integration layer replaces point-to-point interfaces.'],
      ['blog/security.svg', 'Secure exposure', 'Consistent security policies for every API you publish.'],
    ],
  },
  {
    file: 'page/product-subscription.json',
    title: 'Subscription Billing Platform',
    keywords: 'subscription billing, recurring revenue, SaaS billing, usage-based pricing, revenue recognition',
    description:
      'The Veltrix subscription billing platform handles recurring, usage-based and hybrid pricing, invoicing, collections and revenue recognition for subscription businesses.',
    sub_text: 'Recurring revenue without recurring headaches',
    sub_text2: 'Flexible pricing, accurate invoices and revenue recognition built in.',
    banner: 'insights',
    top: [
      'Billing for the Subscription Economy',
      paras(
        'Subscription businesses change pricing constantly: new tiers, usage add-ons, bundles and regional offers. Veltrix Subscription Billing lets product and finance teams launch them without code while keeping invoices accurate and revenue recognised correctly.',
      ),
      'blog/cloud-billing.svg',
    ],
    second: [
      'From Quote to Revenue',
      paras('Manage the whole subscription lifecycle on one platform:') +
        list(
          'Flat, tiered, volume, usage-based and hybrid pricing models',
          'Upgrades, downgrades and mid-cycle changes with automatic proration',
          'Multi-currency, multi-entity invoicing with local tax',
          'Revenue recognition schedules aligned with IFRS 15 and ASC 606',
        ),
      'blog/revenue-analytics.svg',
    ],
    featuresSub: 'Everything you need to price, bill and collect recurring revenue',
    features: [
      ['Flexible pricing', 'Any combination of recurring, usage and one-off charges.', 'icons/revenue.svg'],
      ['Lifecycle management', 'Trials, upgrades, pauses and cancellations with proration.', 'icons/bpm.svg'],
      ['Usage rating', 'Rate millions of usage events per hour in real time.', 'icons/orchestration.svg'],
      ['Collections', 'Payment gateways, retries and dunning journeys built in.', 'icons/shield.svg'],
      ['Self-service portal', 'Customers manage plans, payment methods and invoices.', 'icons/portal.svg'],
      ['Revenue recognition', 'Automated schedules and audit-ready reports.', 'icons/lease.svg'],
    ],
    benefits: [
      ['blog/cloud-billing.svg', '100% billing accuracy', 'Automated pre-bill validation stops errors reaching customers.'],
      [
        'blog/revenue-analytics.svg',
        '80% financial process efficiency',
        'Invoicing, collections and recognition run without manual steps.',
      ],
      ['blog/orchestration.svg', 'Launch offers faster', 'New price plans go live in days, configured by business users.'],
      ['blog/customer-portal.svg', 'Lower churn', 'Self-service and smart dunning keep good customers subscribed.'],
    ],
  },
];

/** Sample files keyed by their path under data/. */
export function buildProductPages(): Record<string, unknown> {
  const out: Record<string, unknown> = {
    'page/lease-and-contract-management.json': leaseAndContractManagement(),
    'page/asset-tagging-tracking-solution.json': assetTaggingTracking(),
    'page/unified-customer-portal.json': unifiedCustomerPortal(),
    'page/product-telco.json': productTelco(),
    'page/product-bpm.json': productBpm(),
  };
  for (const p of PLATFORMS) out[p.file] = platformPage(p);
  return out;
}
