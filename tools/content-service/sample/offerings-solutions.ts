// Solutions pages and the hub / placeholder pages (company, integrations API,
// products, solutions, cross-industry) of the fictional vendor Veltrix.
import { list, pageData, paras } from './offerings-common.ts';

const SOLUTION_KEYWORDS = 'Veltrix solutions, tower company software, telecom BSS, subscription billing';

function towerSolutions() {
  return {
    page_data: pageData({
      title: 'Tower Management Solutions',
      keywords: `tower management software, passive infrastructure, towerco, ${SOLUTION_KEYWORDS}`,
      description:
        'Veltrix tower management solutions: lease and contract management, AI-powered asset tracking, revenue management and a unified customer portal for tower companies.',
      name: 'Tower & Passive Infrastructure',
      sub_text: 'The complete tower company suite',
      sub_text2: 'Know every asset, bill every tenancy and give tenants true self-service.',
      banner: 'towers',
    }),
    solutionsTowerPassiveInfrastructure: {
      solutions_tower_and_passive_top_content: {
        name: 'Run Your Towers as One Connected Business',
        description: paras(
          'Tower companies grow by adding tenants to existing sites, yet leases, assets, billing and customer requests often live in separate systems. The Veltrix tower suite connects them: a tenancy approved in the portal updates the asset record, the lease obligations and the next invoice automatically.',
          'More than 120,000 sites across Africa, the Middle East and Asia are managed on Veltrix today.',
        ),
      },
    },
  };
}

function telecomCsp() {
  return {
    page_data: pageData({
      title: 'Telecom & CSP Solutions',
      keywords: `telecom BSS, CSP software, customer care, mediation, provisioning, credit control, ${SOLUTION_KEYWORDS}`,
      description:
        'Veltrix solutions for telecom operators and communication service providers: customer care and product management, mediation and provisioning, revenue management and credit control.',
      name: 'Telecom & CSP',
      sub_text: 'BSS built for what comes next',
      sub_text2: 'Launch offers faster and bill with confidence on a cloud-native platform.',
      banner: 'network',
    }),
    SolutionsTelecomCsp: {
      solutions_telecom_and_csp_top_content: {
        name: 'A Modern BSS for Ambitious Operators',
        description: paras(
          'Communication service providers need to launch digital services, bundle partner offers and serve enterprise customers, all while legacy stacks slow them down. Veltrix brings customer care, product management, mediation, provisioning, revenue management and credit control together on one cloud-native platform.',
        ),
      },
    },
  };
}

function subscriptionSaas() {
  return {
    page_data: pageData({
      title: 'Subscription & SaaS Solutions',
      keywords: `subscription billing, SaaS billing, recurring revenue, usage-based pricing, ${SOLUTION_KEYWORDS}`,
      description:
        'Veltrix solutions for subscription and SaaS businesses: flexible pricing, accurate recurring billing, collections and revenue recognition on one platform.',
      name: 'Subscription & SaaS',
      sub_text: 'Monetise every customer relationship',
      sub_text2: 'Flexible pricing and accurate recurring billing for subscription businesses.',
      banner: 'insights',
    }),
    SolutionsSubscriptionSaas: {
      solutions_subscription_and_saas_top_content: {
        name: 'Subscription Billing Built on Telecom Experience',
        description: paras(
          'Telecom operators have billed subscriptions and usage at scale for decades. Veltrix brings that experience to SaaS, media, utilities and connected-device businesses that need recurring, usage-based and hybrid pricing without compromising accuracy.',
        ),
        image: 'blog/cloud-billing.svg',
      },
      solutions_subscription_and_saas_subscription_business: {
        name: 'The Subscription Business Challenge',
        description:
          paras('Growth brings complexity that generic invoicing tools cannot absorb:') +
          list(
            'Pricing experiments that need engineering work every time',
            'Usage data arriving from many products in different formats',
            'Mid-cycle upgrades and downgrades that break proration',
            'Finance teams reconciling revenue recognition by hand',
          ),
        image: 'blog/revenue-analytics.svg',
      },
      solutions_subscription_and_saas_why_veltrix: {
        name: 'Why Veltrix',
        description: paras(
          'Veltrix rates billions of usage events a month for operators and has 30 years of domain expertise in billing accuracy. The same engine, with a product catalogue designed for business users, powers our subscription platform.',
        ),
        image: 'products/about-veltrix.svg',
      },
      solutions_subscription_and_saas_advantages: {
        name: 'Advantages',
        description: list(
          'Launch new plans and bundles in days, configured by product teams',
          'Real-time usage rating with spend alerts for customers',
          'Automated dunning and payment retries that protect revenue',
          'Revenue recognition aligned with IFRS 15 and ASC 606',
        ),
        image: 'products/platform.svg',
      },
      solutions_subscription_and_saas_business_benefits_heading: 'Business Benefits',
      business_benefits_section_loop: [
        {
          image: 'icons/revenue.svg',
          name: '100% billing accuracy',
          description: paras('Pre-bill validation and automated proration stop errors before invoices are sent.'),
        },
        {
          image: 'icons/bpm.svg',
          name: '80% financial process efficiency',
          description: paras('Invoicing, collections and revenue recognition run without manual steps.'),
        },
        {
          image: 'icons/orchestration.svg',
          name: 'Faster launches',
          description: paras('New offers go live in days instead of months.'),
        },
        {
          image: 'icons/portal.svg',
          name: 'Lower churn',
          description: paras('Customer self-service and smart dunning keep subscribers happy and paying.'),
        },
      ],
    },
  };
}

function hub(p: Parameters<typeof pageData>[0]) {
  return { page_data: pageData(p) };
}

/** Sample files keyed by their path under data/. */
export function buildSolutionPages(): Record<string, unknown> {
  return {
    'page/solutions-tower-passive-infrastructure.json': towerSolutions(),
    'page/solutions-telecom-csp.json': telecomCsp(),
    'page/solutions-subscription-saas.json': subscriptionSaas(),
    'page/cross-industry-solutions.json': hub({
      title: 'Cross-Industry Solutions',
      keywords: `integration and orchestration, BPM, customer communication management, ${SOLUTION_KEYWORDS}`,
      description:
        'Veltrix cross-industry platforms: integration and orchestration, business process management and customer communication management for any industry.',
      name: 'Cross-Industry Solutions',
      sub_text: 'Platforms that work in any industry',
      sub_text2: 'Integration, process management and customer communications for every business.',
      banner: 'network',
      content: paras(
        'The platforms behind our telecom and tower products are used well beyond telecoms: utilities, logistics, financial services and public-sector organisations rely on them to connect systems, automate processes and communicate with customers.',
      ),
    }),
    'page/company.json': hub({
      title: 'Company',
      keywords: 'Veltrix company, Halcombe Group, telecom software vendor, London',
      description:
        'Veltrix is the flagship brand of Halcombe Group, headquartered in London, with offices in the UK, India, South Africa and the USA and hubs in Dubai, Singapore and Nairobi.',
      name: 'Company',
      sub_text: 'The flagship brand of Halcombe Group',
      sub_text2: 'Thirty years of telecom and infrastructure software expertise.',
      banner: 'company',
      content: paras(
        'Veltrix is the flagship brand of Halcombe Group, headquartered in London. Our offices in London, Pune, Johannesburg and Dallas, and hubs in Dubai, Singapore and Nairobi, serve tower companies, telecom operators and subscription businesses worldwide.',
      ),
    }),
    'page/integrations-api.json': hub({
      title: 'Integrations & API',
      keywords: 'Veltrix API, integrations, API gateway, connectors, developer portal',
      description:
        'Connect Veltrix to your ERP, CRM, network and partner systems through documented REST APIs, business events and pre-built connectors.',
      name: 'Integrations & API',
      sub_text: 'Open by design',
      sub_text2: 'REST APIs, business events and pre-built connectors for every Veltrix product.',
      banner: 'network',
      content: paras(
        'Every Veltrix product exposes documented REST APIs and business events through the Veltrix API gateway. Pre-built connectors cover common ERP, CRM, payment and network systems; our integration team can help with the rest.',
      ),
    }),
    'page/products.json': hub({
      title: 'Products',
      keywords: 'Veltrix products, lease management, asset tracking, revenue management, BPM, CCM, orchestration, subscription billing',
      description:
        'Veltrix products for tower companies, telecom operators and subscription businesses: tower suite, telecom suite and cross-industry platforms.',
      name: 'Our Products',
      sub_text: 'Tower suite, telecom suite and platforms',
      sub_text2: 'One connected product family for shared infrastructure and communication services.',
      banner: 'insights',
      content: paras(
        'Explore the Veltrix product family: the tower-company suite, the telecom suite and the cross-industry platforms for integration, process management, customer communications and subscription billing.',
      ),
    }),
    'page/solutions.json': hub({
      title: 'Solutions',
      keywords: `tower company solutions, telecom solutions, subscription solutions, ${SOLUTION_KEYWORDS}`,
      description:
        'Veltrix solutions for tower and passive infrastructure companies, telecom operators and CSPs, subscription and SaaS businesses, and cross-industry needs.',
      name: 'Solutions',
      sub_text: 'Solutions shaped by the industries we serve',
      sub_text2: 'Tower companies, telecom operators and subscription businesses.',
      banner: 'towers',
      content: paras(
        'Whether you lease space on towers, run a mobile network or sell subscriptions, Veltrix solutions combine our products with industry processes refined over 30 years.',
      ),
    }),
  };
}
