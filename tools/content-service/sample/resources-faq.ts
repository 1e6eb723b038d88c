// Support FAQ sample content: three question sets selected with ?category_slug=
// on /api/page/support-faq (without it the orchestration set is served). The
// list of sets and the billing wiki link are fixed in the page definitions.
import { banner, p, ul, type PageData } from './company-shared.ts';

export const FAQ_CATEGORIES = [
  { name: 'Orchestration Platform', slug: 'faq-orchestration-platform' },
  { name: 'CCM Platform', slug: 'faq-ccm-platform' },
  { name: 'Subscription & Billing', slug: 'faq-subscription-billing' },
] as const;

export type FaqSlug = (typeof FAQ_CATEGORIES)[number]['slug'];

const QA: Record<FaqSlug, [string, string][]> = {
  'faq-orchestration-platform': [
    [
      'What is the Veltrix Integration & Orchestration Platform?',
      p(
        'It is low-code middleware with an API gateway and a business event bus. It connects BSS, OSS, ERP and partner systems and orchestrates processes such as order-to-activation across them.',
      ),
    ],
    [
      'Which systems can it connect to out of the box?',
      p(
        'The platform ships with connectors for common ERP, CRM, GIS and network inventory systems, plus generic REST, SOAP, SFTP, database and message-queue adapters.',
      ) +
        ul(
          'REST and SOAP web services',
          'Kafka, AMQP and JMS queues',
          'SFTP and file-based batch interfaces',
          'Relational databases through JDBC',
        ),
    ],
    [
      'Do we need developers to build integrations?',
      p(
        'No. Most flows are built in the visual studio by business analysts or integration specialists. Developers can extend the platform with custom connectors and scripts when needed.',
      ),
    ],
    [
      'How is the API gateway secured?',
      p(
        'The gateway supports OAuth 2.0, mutual TLS and API keys, with rate limiting, IP allow-lists and full request logging. Policies are configured per API and per consumer.',
      ),
    ],
    [
      'Can the platform run on-premises?',
      p(
        'Yes. It runs on Kubernetes in our managed cloud, in your private cloud or in your own data centre. The features are the same in every deployment model.',
      ),
    ],
    [
      'How are changes tested and released?',
      p(
        'Flows are versioned. Each version can be tested with recorded or synthetic data in a staging environment and promoted through a release pipeline, with instant rollback if needed.',
      ),
    ],
    [
      'What monitoring is available?',
      p(
        'Dashboards show throughput, latency and errors for every flow and API. Alerts can be sent to e-mail, messaging tools or your existing monitoring system.',
      ),
    ],
  ],
  'faq-ccm-platform': [
    [
      'What does the CCM platform do?',
      p(
        'Customer Communication Management creates personalised documents and messages, such as bills, statements, notices and reminders, and delivers them on print, e-mail, SMS and messaging apps.',
      ),
    ],
    [
      'Does it support languages with non-Latin scripts?',
      p(
        'Yes. Templates fully support Unicode, including right-to-left scripts, so one template can produce communications in several languages.',
      ),
    ],
    [
      'How do you track e-mails that do not arrive?',
      p(
        'Bounce-mail tracking records hard and soft bounces for every message. Rules can retry, switch to another channel such as SMS, or flag the customer record for an update.',
      ),
    ],
    [
      'Who designs the templates?',
      p(
        'Business users design templates in a browser-based editor with reusable content blocks and rules. No programming is needed for everyday changes.',
      ),
    ],
    [
      'What reporting is included?',
      p('Reports cover volumes, delivery rates, opens, bounces and channel costs, by campaign, template and customer segment.') +
        ul('Delivery and bounce rates per channel', 'Cost per communication', 'Template usage and approval history'),
    ],
    [
      'How many documents can it produce?',
      p(
        'Customers use the platform to produce tens of millions of documents a month. Processing scales horizontally, so large bill runs finish within their batch window.',
      ),
    ],
  ],
  'faq-subscription-billing': [
    [
      'Which pricing models does subscription billing support?',
      p(
        'Flat recurring plans, tiered and volume pricing, usage-based and hybrid models, one-off charges, trials, discounts and bundles, all configured without code.',
      ),
    ],
    [
      'Can customers upgrade or downgrade mid-cycle?',
      p(
        'Yes. Plan changes are prorated automatically according to the rules you set, and the next invoice shows the credit and the new charge clearly.',
      ),
    ],
    [
      'Which payment methods can we offer?',
      p(
        'Cards, direct debit, digital wallets and local payment methods through our payment gateway partners, with automatic retries for failed payments.',
      ),
    ],
    [
      'How does dunning work?',
      p(
        'Dunning journeys send reminders on the right channel at the right time, retry payments and, if needed, suspend and later restore the subscription. Journeys can differ by customer segment.',
      ),
    ],
    [
      'Does it handle taxes in several countries?',
      p('Yes. Tax rules are configurable per country and product, and the platform integrates with external tax engines where required.'),
    ],
    [
      'Is revenue recognition supported?',
      p(
        'Revenue schedules are produced for every invoice line and exported to your finance system, supporting IFRS 15 and ASC 606 reporting.',
      ),
    ],
    [
      'Where can I find the detailed product documentation?',
      p(
        'Configuration guides, API references and release notes are published on the Veltrix billing wiki. Customers and partners can sign in with their support portal account.',
      ),
    ],
  ],
};

const TITLES: Record<FaqSlug, [string, string]> = {
  'faq-orchestration-platform': ['Orchestration Platform FAQ', 'Integration, orchestration and API gateway questions answered'],
  'faq-ccm-platform': ['CCM Platform FAQ', 'Customer communication management questions answered'],
  'faq-subscription-billing': ['Subscription & Billing FAQ', 'Subscription billing questions answered'],
};

export function buildSupportFaq(slug: FaqSlug) {
  const [name, sub] = TITLES[slug];
  const page_data: PageData = {
    page_title: `${name} | Veltrix Support`,
    meta_keywords: `Veltrix FAQ, ${name.replace(' FAQ', '')}, support, questions`,
    meta_description: `Answers to frequently asked questions about the Veltrix ${name.replace(' FAQ', '')}.`,
    name,
    sub_text: 'Support FAQ',
    sub_text2: sub,
    ...banner('network'),
  };
  return {
    page_data,
    support_faq: { faq_data: QA[slug].map(([qsn, ans]) => ({ qsn, ans })) },
  };
}
