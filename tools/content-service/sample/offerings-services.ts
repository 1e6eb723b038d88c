// Services (hub and four service pages), the technical support page and the
// why-us page of the fictional vendor Veltrix.
import { list, pageData, paras } from './offerings-common.ts';

const SERVICE_KEYWORDS = 'telecom managed services, BSS migration, tower software operations, revenue assurance, application maintenance';

function servicesHub() {
  return {
    page_data: pageData({
      title: 'Services',
      keywords: SERVICE_KEYWORDS,
      description:
        'Veltrix services cover migration, operation, assurance and maintenance of telecom, tower-company and subscription platforms, delivered from London, Pune, Johannesburg and Dallas.',
      name: 'Services',
      sub_text: 'From first migration to long-term operation',
      sub_text2: 'Specialist teams who know telecom and shared-infrastructure operations inside out.',
      banner: 'services',
    }),
    services: {
      intro: {
        name: 'Services That Keep Your Platform Earning',
        description: paras(
          'Software only pays back when it is live, trusted and well run. Veltrix service teams have migrated more than 60 operators and tower companies onto modern platforms and today run critical billing and lease operations for customers on four continents.',
          'Choose a single engagement, such as a data migration, or combine migration, operation, assurance and maintenance into one managed service with one accountable partner and one set of SLAs.',
        ),
      },
    },
  };
}

function serviceMigration() {
  return {
    page_data: pageData({
      title: 'Migration Services',
      keywords: `${SERVICE_KEYWORDS}, data migration, legacy decommissioning`,
      description:
        'Veltrix migration services move tenants, leases, subscribers, balances and history from legacy platforms with parallel runs, reconciliation and zero revenue leakage.',
      name: 'Migration Services',
      sub_text: 'Leave legacy systems behind, not your revenue',
      sub_text2: 'Proven migration factory with automated reconciliation at every step.',
      banner: 'services',
    }),
    services: {
      service_migration: {
        top_content: {
          name: 'Migrations Without Surprises',
          description: paras(
            'Moving a live billing or lease estate is one of the riskiest projects an operator undertakes. Our migration factory combines reusable mappings for common legacy platforms with automated reconciliation, so every tenant, contract, balance and open dispute arrives intact.',
            'A typical tower-company migration of 15,000 sites completes in under six months, including two parallel bill runs signed off by finance.',
          ),
          image: 'services/migration.svg',
        },
        often_heading: {
          name: 'When Customers Call Us',
          sub_heading: 'The situations we most often help with',
        },
        often_loop: [
          {
            title: 'Legacy billing end of life',
            icon_image: 'icons/revenue.svg',
            description: paras(
              'Your billing vendor has announced end of support and every change request takes months. We map products, price plans and balances, then run parallel bill cycles until the numbers match to the penny.',
            ),
            image: 'blog/revenue-analytics.svg',
          },
          {
            title: 'Spreadsheet lease registers',
            icon_image: 'icons/lease.svg',
            description: paras(
              'Thousands of ground and rooftop leases live in spreadsheets and shared drives. We digitise agreements, extract clauses and escalation terms, and load a verified register into Veltrix Lease & Contract Management.',
            ),
            image: 'blog/tower-assets.svg',
          },
          {
            title: 'Portfolio acquisitions',
            icon_image: 'icons/asset.svg',
            description: paras(
              'You have bought a tower portfolio and inherited a second set of systems. We merge site, tenant and asset data into one model, resolving duplicates and conflicting identifiers along the way.',
            ),
            image: 'blog/field-force.svg',
          },
          {
            title: 'Platform consolidation',
            icon_image: 'icons/orchestration.svg',
            description: paras(
              'Several operating companies each run their own stack. We consolidate them onto a single multi-entity Veltrix instance with shared catalogues and local tax and currency rules.',
            ),
            image: 'blog/orchestration.svg',
          },
          {
            title: 'Move to the cloud',
            icon_image: 'icons/portal.svg',
            description: paras(
              'On-premises hardware is due for refresh. We move your Veltrix or third-party workloads to a managed cloud tenancy with data residency respected and no change freeze longer than one weekend.',
            ),
            image: 'blog/cloud-billing.svg',
          },
        ],
        how_we: {
          name: 'How We Migrate',
          description:
            paras('Every migration follows the same five-stage method, refined over three decades of telecom projects:') +
            list(
              'Discovery: profile source data and agree quality thresholds with your finance and operations teams',
              'Mapping: reuse our library of mappings for common legacy platforms and fill the gaps together',
              'Rehearsal: at least three full dress rehearsals with automated reconciliation reports',
              'Parallel run: bill and invoice from both systems until the results match',
              'Cut-over and decommissioning: a rehearsed weekend switch, then archive and retire the old platform',
            ),
          image: 'products/platform.svg',
        },
        people: {
          name: 'People Who Have Done It Before',
          description: paras(
            'Our migration leads each have ten or more telecom migrations behind them. Teams in Pune and Johannesburg work follow-the-sun with your staff in London or Dallas, so rehearsal issues are fixed overnight rather than next week.',
          ),
          image: 'services/people.svg',
        },
      },
    },
  };
}

function serviceOperation() {
  return {
    page_data: pageData({
      title: 'Operation Services',
      keywords: `${SERVICE_KEYWORDS}, managed operations, bill run operations, 24x7 support`,
      description:
        'Veltrix operation services run your billing, lease and customer platforms around the clock from operations centres in Pune and Johannesburg, against agreed SLAs.',
      name: 'Operation Services',
      sub_text: 'Your platform, run by the people who built it',
      sub_text2: '24x7 operations with clear SLAs and monthly service reviews.',
      banner: 'services',
    }),
    services: {
      service_operation: {
        top_content: {
          image: 'services/operations.svg',
          description: paras(
            'Veltrix Managed Operations takes day-to-day responsibility for your platform: bill runs, interfaces, batch schedules, user administration and first-line incident handling. Your teams keep control of commercial decisions while we keep the engine running.',
            'Operations centres in Pune and Johannesburg provide round-the-clock coverage, with a named service manager in your time zone.',
          ),
        },
        deliverables_section_heading: 'What We Deliver',
        deliverables_section_loop: [
          {
            title: 'Bill run management',
            description: paras('Scheduling, execution and sign-off of every bill cycle, with pre-run and post-run quality checks.'),
          },
          {
            title: 'Interface monitoring',
            description: paras('Continuous monitoring of feeds to ERP, payment gateways, CRM and network systems.'),
          },
          {
            title: 'Incident management',
            description: paras('Triage, resolution and root-cause analysis within agreed response and fix times.'),
          },
          {
            title: 'User administration',
            description: paras('Role changes, access reviews and onboarding of new users across all modules.'),
          },
          {
            title: 'Capacity planning',
            description: paras('Quarterly forecasts of storage, processing and licence needs so growth never surprises you.'),
          },
        ],
        deliverables_2_section_loop: [
          {
            title: 'Monthly service reviews',
            description: paras('SLA performance, incident trends and improvement actions presented to your stakeholders.'),
          },
          {
            title: 'Release coordination',
            description: paras('Planning and regression testing of every Veltrix release before it reaches production.'),
          },
          { title: 'Audit support', description: paras('Evidence packs for SOX, ISO 27001 and regulator requests, prepared on demand.') },
          {
            title: 'Runbook upkeep',
            description: paras('Operating procedures kept current as your products, processes and integrations change.'),
          },
          {
            title: 'Continuous improvement',
            description: paras('Automation of recurring manual tasks, with savings tracked in the service review.'),
          },
        ],
        training_section: {
          name: 'Training and Knowledge Transfer',
          description: paras(
            'Whether you plan to take operations in-house later or simply want confident users, our academy delivers role-based courses for finance, commercial and IT teams, on site or online. Every engagement includes a knowledge-transfer plan and certification for your key users.',
          ),
          image: 'products/about-veltrix.svg',
        },
      },
    },
  };
}

function serviceAssurance() {
  return {
    page_data: pageData({
      title: 'Assurance Services',
      keywords: `${SERVICE_KEYWORDS}, revenue leakage, billing audit, data quality`,
      description:
        'Veltrix assurance services find and fix revenue leakage across leases, tenancies, usage and billing, with independent audits and continuous controls.',
      name: 'Assurance Services',
      sub_text: 'Find revenue leakage before your auditors do',
      sub_text2: 'Independent audits and continuous controls for billing and lease data.',
      banner: 'insights',
    }),
    services: {
      service_assurancen: {
        top_content: {
          name: 'Revenue and Data Assurance',
          description: paras(
            'Industry studies put unbilled revenue at one to three per cent of turnover for most operators and tower companies. Our assurance specialists compare what is on the ground, what is in the contract and what is on the invoice, and quantify every gap.',
            'In a recent audit for Kestrel Towers, an East African tower company, we recovered the equivalent of eleven weeks of tenancy revenue from missed escalations and unbilled loadings.',
          ),
          image: 'blog/revenue-analytics.svg',
        },
        top_content2: {
          name: 'The Business Assurance Program',
          description:
            paras(
              'Assurance is most effective when it never stops. The Business Assurance Program turns one-off findings into permanent controls:',
            ) +
            list(
              'Automated reconciliation of sites, tenancies and invoices after every bill run',
              'Exception dashboards for finance with owners and due dates',
              'Quarterly leakage reports with recovered and prevented amounts',
              'Control design reviewed with your internal audit team',
            ),
          image: 'blog/security.svg',
        },
      },
    },
  };
}

function serviceMaintenance() {
  return {
    page_data: pageData({
      title: 'Maintenance Services',
      keywords: `${SERVICE_KEYWORDS}, application support, upgrades, patches`,
      description:
        'Veltrix maintenance services keep your platform current and healthy: upgrades, security patches, performance tuning and defect fixes under one agreement.',
      name: 'Maintenance Services',
      sub_text: 'Current, secure and fast, release after release',
      sub_text2: 'One predictable agreement for upgrades, patches and fixes.',
      banner: 'services',
    }),
    services: {
      service_maintenance: {
        top_content: {
          name: 'Maintenance That Plans Ahead',
          description: paras(
            'Our maintenance service keeps your Veltrix estate on a supported release with security patches applied within agreed windows. Each quarter we review performance, upcoming releases and your roadmap, so upgrades are planned rather than forced.',
          ),
          image: 'products/platform.svg',
        },
        top_content2: {
          name: 'Choose Your Level of Cover',
          description:
            paras('Three service levels fit organisations from a single-country operator to a multinational tower group:') +
            list(
              'Standard: business-hours support in your time zone and two upgrades a year',
              'Enhanced: 24x7 cover for priority-one incidents and quarterly health checks',
              'Premier: a dedicated maintenance squad, on-site upgrade support and custom release schedules',
            ),
          image: 'blog/security.svg',
        },
      },
    },
  };
}

function technicalSupport() {
  // The tagline, the seven turnkey services and the service links are fixed in
  // page-definitions/supporttest.json (SPEC §2); the service adds the migration block.
  return {
    page_data: pageData({
      title: 'Talk to Technical Support',
      keywords: 'Veltrix support, turnkey deployment, implementation services, managed services, DBA services',
      description:
        'Veltrix technical support and turnkey deployment services: consultancy, implementation, migration, managed operations, assurance, maintenance and product development.',
      name: 'Services & Support',
      sub_text: 'One partner from first workshop to daily operations',
      sub_text2: 'Turnkey deployment, managed services and expert support for every Veltrix product.',
      banner: 'support',
    }),
    support: {
      migration: {
        name: 'Migration Without Revenue Leakage',
        description: paras(
          'Our migration factory moves tenants, leases, subscribers, balances and history from legacy platforms with automated reconciliation and parallel bill runs, so finance signs off before the old system is switched off.',
        ),
        image: 'services/migration.svg',
      },
    },
  };
}

function whyUs() {
  return {
    page_data: pageData({
      title: 'Why Veltrix',
      keywords: 'why Veltrix, tower company software vendor, telecom BSS partner, 30 years domain expertise',
      description:
        'Why tower companies, telecom operators and subscription businesses choose Veltrix: 30 years of domain expertise, one connected platform and teams on four continents.',
      name: 'Why Veltrix',
      sub_text: 'Thirty years of getting telecom operations right',
      sub_text2: 'Domain experts, one connected platform and a partner that stays for the long run.',
      banner: 'company',
    }),
    why: {
      top_content: {
        name: 'Built by People Who Ran Networks',
        description: paras(
          'Veltrix was founded by engineers and finance leaders from operators and tower companies. Thirty years later, that domain knowledge is in every screen: lease escalations that follow local law, tenancy billing that understands loadings, and credit control that knows the difference between a dispute and a default.',
        ),
        image: 'products/about-veltrix.svg',
      },
      top_content2: {
        name: 'One Platform, Not a Patchwork',
        description: paras(
          'Lease and contract management, asset tracking, revenue management and the customer portal share one data model. A new tenancy recorded in the field appears in billing the same day, with no re-keying and no nightly spreadsheet merges.',
        ),
        image: 'products/platform.svg',
      },
      problems_heading: {
        name: 'Problems We Solve',
        sub_heading: 'The issues customers bring to us, and leave behind',
      },
      problems_loop: [
        {
          title: 'Revenue leakage',
          description: paras('Missed escalations, unbilled loadings and forgotten pass-through costs quietly erode margins.'),
          icon_image: 'icons/revenue.svg',
        },
        {
          title: 'Unknown assets',
          description: paras('Registers that disagree with what is on the tower make capacity sales and audits slow and risky.'),
          icon_image: 'icons/asset.svg',
        },
        {
          title: 'Contract blind spots',
          description: paras('Renewal dates and obligations buried in scanned documents lead to costly surprises.'),
          icon_image: 'icons/lease.svg',
        },
        {
          title: 'Slow launches',
          description: paras('New offers wait months for IT changes while competitors move in weeks.'),
          icon_image: 'icons/orchestration.svg',
        },
        {
          title: 'Frustrated tenants',
          description: paras('Customers chase site applications and invoice queries by e-mail and phone.'),
          icon_image: 'icons/portal.svg',
        },
        {
          title: 'Manual processes',
          description: paras('Approvals and hand-offs run on spreadsheets, with no audit trail and no SLAs.'),
          icon_image: 'icons/bpm.svg',
        },
      ],
      how_we_do: {
        name: 'How We Do It',
        description:
          paras('We combine product, process and people:') +
          list(
            'Configurable products that fit your commercial model without custom code',
            'Reference processes drawn from more than 60 operator and tower-company programmes',
            'Delivery teams in London, Pune, Johannesburg and Dallas, with hubs in Dubai, Singapore and Nairobi',
          ),
        image: 'services/people.svg',
      },
      how_it_works_heading: {
        name: 'How It Works',
        sub_heading: 'From first conversation to measurable results',
      },
      how_it_works_loop: [
        {
          title: 'Discover',
          description: paras('A two-week assessment of your processes, data and systems, ending with a quantified business case.'),
          icon_image: 'icons/consulting.svg',
        },
        {
          title: 'Design',
          description: paras('Target processes and configuration agreed in workshops with your finance, commercial and field teams.'),
          icon_image: 'icons/bpm.svg',
        },
        {
          title: 'Deliver',
          description: paras('Iterative implementation and migration with parallel runs until results match.'),
          icon_image: 'icons/migration.svg',
        },
        {
          title: 'Improve',
          description: paras('Quarterly value reviews track efficiency, accuracy and revenue gains against the business case.'),
          icon_image: 'icons/revenue.svg',
        },
      ],
    },
  };
}

/** Sample files keyed by their path under data/. */
export function buildServicesPages(): Record<string, unknown> {
  return {
    'page/services.json': servicesHub(),
    'page/services/service-migration.json': serviceMigration(),
    'page/services/service-operation.json': serviceOperation(),
    'page/services/service-assurance.json': serviceAssurance(),
    'page/services/service-maintenance.json': serviceMaintenance(),
    'page/talk-to-technical-support.json': technicalSupport(),
    'page/why-us.json': whyUs(),
  };
}
