// Careers sample content: one source list produces the careers page (job cards)
// and one /api/job_detail/{slug} file per job, so the two always agree.
import { banner, h3, p, ul, type PageData } from './company-shared.ts';

interface JobSource {
  slug: string;
  title: string;
  code: string;
  city: 'Pune' | 'London' | 'Johannesburg' | 'Dallas';
  expertise: 'Engineering' | 'Delivery' | 'Sales' | 'Product' | 'Support';
  experience: string;
  posted: string;
  summary: string;
  role: string;
  responsibilities: string[];
  requirements: string[];
}

const COUNTRY: Record<JobSource['city'], string> = {
  Pune: 'India',
  London: 'United Kingdom',
  Johannesburg: 'South Africa',
  Dallas: 'United States',
};

// Newest first.
const JOBS: JobSource[] = [
  {
    slug: 'senior-backend-engineer-billing-pune',
    title: 'Senior Backend Engineer, Billing Platform',
    code: 'VX-ENG-2611',
    city: 'Pune',
    expertise: 'Engineering',
    experience: '5-8 years',
    posted: '2026-03-12',
    summary:
      'Build the rating and invoicing services behind our revenue management platform, used by tower companies and operators on four continents.',
    role: 'You will join the revenue platform team in Pune and own services that rate usage, apply contract terms and produce invoices for millions of tenancies and subscriptions every month.',
    responsibilities: [
      'Design and build Java and Kotlin services for rating, invoicing and collections',
      'Improve month-end throughput and make billing runs repeatable for a single account',
      'Review code, mentor engineers and keep our automated test suites fast and reliable',
      'Work with product managers and customer delivery teams on new billing models',
    ],
    requirements: [
      'Five or more years building backend services in Java, Kotlin or a similar language',
      'Solid SQL skills and experience with PostgreSQL or Oracle',
      'Experience with event-driven systems such as Kafka',
      'Billing, telecom or financial domain experience is a strong plus',
    ],
  },
  {
    slug: 'solution-consultant-towerco-london',
    title: 'Solution Consultant, Tower Company Suite',
    code: 'VX-SAL-2609',
    city: 'London',
    expertise: 'Sales',
    experience: '6-10 years',
    posted: '2026-03-05',
    summary:
      'Shape deals with tower companies across Europe: run discovery workshops, design solutions and deliver demos of lease, asset and revenue modules.',
    role: 'Working with account executives from our London headquarters, you will translate the operational challenges of tower companies into Veltrix solutions and business cases.',
    responsibilities: [
      'Lead discovery workshops with lease, asset and finance teams',
      'Prepare and deliver tailored product demonstrations',
      'Write solution designs and answer requests for proposal',
      'Feed market insight back to product management',
    ],
    requirements: [
      'Six or more years in pre-sales or consulting for telecom or infrastructure software',
      'Understanding of tower company or operator processes',
      'Excellent presentation and writing skills in English',
      'Willingness to travel across Europe and the Middle East',
    ],
  },
  {
    slug: 'delivery-manager-johannesburg',
    title: 'Delivery Manager, Platform Migrations',
    code: 'VX-DEL-2607',
    city: 'Johannesburg',
    expertise: 'Delivery',
    experience: '8-12 years',
    posted: '2026-02-26',
    summary: 'Lead multi-country migration programmes from legacy billing and asset systems to Veltrix, from requirement study to go-live.',
    role: 'You will run delivery for customers in Africa and the Middle East, leading cross-functional teams through migration, testing and cut-over.',
    responsibilities: [
      'Own scope, plan, budget and risks for migration programmes',
      'Coordinate consultants, engineers and customer teams across time zones',
      'Run steering committees and report progress to customer executives',
      'Ensure smooth hand-over to managed operations after go-live',
    ],
    requirements: [
      'Eight or more years delivering enterprise software projects',
      'Track record of data migration or BSS transformation programmes',
      'PRINCE2, PMP or an equivalent certification',
      'Experience with customers in several African markets',
    ],
  },
  {
    slug: 'account-executive-americas-dallas',
    title: 'Account Executive, Americas',
    code: 'VX-SAL-2605',
    city: 'Dallas',
    expertise: 'Sales',
    experience: '7-12 years',
    posted: '2026-02-18',
    summary: 'Grow our tower company and operator business across North and Latin America, from first meeting to signed contract.',
    role: 'Based in our Dallas office, you will build and manage a pipeline of new and existing customers in the Americas.',
    responsibilities: [
      'Prospect and qualify tower companies, operators and fibre businesses',
      'Lead complex sales cycles with several stakeholders',
      'Negotiate commercial terms together with our legal and finance teams',
      'Maintain an accurate forecast in our CRM',
    ],
    requirements: [
      'Seven or more years selling enterprise software or services',
      'A network in telecom or communications infrastructure',
      'Experience with solution selling and value-based pricing',
      'Spanish or Portuguese is an advantage',
    ],
  },
  {
    slug: 'qa-automation-engineer-pune',
    title: 'QA Automation Engineer',
    code: 'VX-ENG-2604',
    city: 'Pune',
    expertise: 'Engineering',
    experience: '3-6 years',
    posted: '2026-02-10',
    summary: 'Automate functional and regression testing of our orchestration and BPM platforms and keep every release shippable.',
    role: 'You will join the platform quality team and build test automation for APIs, workflows and user interfaces.',
    responsibilities: [
      'Design and maintain automated API and UI tests',
      'Build test data sets for orchestration and workflow scenarios',
      'Run performance tests before major releases',
      'Work with developers to improve testability',
    ],
    requirements: [
      'Three or more years of test automation experience',
      'Good knowledge of Playwright, Selenium or a similar tool',
      'Scripting in TypeScript, Python or Java',
      'Familiarity with CI pipelines',
    ],
  },
  {
    slug: 'product-manager-asset-tracking-london',
    title: 'Product Manager, AI-powered Asset Tracking',
    code: 'VX-PRD-2602',
    city: 'London',
    expertise: 'Product',
    experience: '5-9 years',
    posted: '2026-01-29',
    summary:
      'Own the roadmap for asset tracking, from computer-vision site audits to automated reconciliation with lease and billing data.',
    role: 'You will work with customers, engineering and data science to decide what we build next for asset visibility.',
    responsibilities: [
      'Own the product vision, roadmap and backlog for asset tracking',
      'Interview customers and field teams to understand their workflows',
      'Define features with clear acceptance criteria',
      'Measure adoption and outcomes after each release',
    ],
    requirements: [
      'Five or more years in product management for B2B software',
      'Experience with data-heavy or AI-assisted products',
      'Tower, telecom or field-service domain knowledge is a plus',
      'Clear written and verbal communication',
    ],
  },
  {
    slug: 'support-engineer-johannesburg',
    title: 'Application Support Engineer',
    code: 'VX-SUP-2601',
    city: 'Johannesburg',
    expertise: 'Support',
    experience: '2-5 years',
    posted: '2026-01-21',
    summary:
      'Keep customer platforms healthy in our managed operations team: monitor, investigate incidents and resolve them within service levels.',
    role: 'You will be part of the managed service operations team that runs Veltrix platforms on behalf of customers, with a shared on-call rota.',
    responsibilities: [
      'Monitor production platforms and respond to alerts',
      'Investigate and resolve incidents and service requests',
      'Write and maintain runbooks and knowledge articles',
      'Take part in root-cause analysis after major incidents',
    ],
    requirements: [
      'Two or more years in application or production support',
      'Good Linux and SQL skills',
      'Familiarity with ITIL processes',
      'Calm, methodical approach under pressure',
    ],
  },
  {
    slug: 'implementation-consultant-dallas',
    title: 'Implementation Consultant, Subscription Billing',
    code: 'VX-DEL-2549',
    city: 'Dallas',
    expertise: 'Delivery',
    experience: '4-7 years',
    posted: '2026-01-08',
    summary: 'Configure subscription billing for SaaS and media customers: plans, pricing, invoicing and payment integrations.',
    role: 'You will guide customers from requirement study and gap analysis to configuration, user acceptance testing and go-live.',
    responsibilities: [
      'Run requirement workshops and document configuration decisions',
      'Configure products, price plans and invoice templates',
      'Support data migration and user acceptance testing',
      'Train customer administrators',
    ],
    requirements: [
      'Four or more years implementing billing, ERP or CRM software',
      'Understanding of subscription and recurring revenue models',
      'Comfortable with SQL and REST APIs',
      'Customer-facing consulting experience',
    ],
  },
  {
    slug: 'devops-engineer-pune',
    title: 'DevOps Engineer, Cloud Platform',
    code: 'VX-ENG-2546',
    city: 'Pune',
    expertise: 'Engineering',
    experience: '4-7 years',
    posted: '2025-12-15',
    summary: 'Run and automate the Kubernetes platform that hosts Veltrix for customers in several regions.',
    role: 'You will build the infrastructure, pipelines and observability that let our product teams release safely and often.',
    responsibilities: [
      'Manage Kubernetes clusters and infrastructure as code',
      'Build and improve CI/CD pipelines',
      'Own monitoring, logging and alerting',
      'Support security and compliance audits',
    ],
    requirements: [
      'Four or more years in DevOps or site reliability roles',
      'Hands-on Kubernetes and Terraform experience',
      'Experience with at least one major cloud provider',
      'Knowledge of ISO 27001 or SOC 2 controls is a plus',
    ],
  },
];

/** One job card of careers_data.jobs_data: SPEC §3 names post_name, city and job_slug; the rest are assumed extras. */
export interface JobCard {
  post_name: string;
  city: string;
  job_slug: string;
  country: string;
  expertise: string;
  summary: string;
}

export function buildCareers(): { page: unknown; jobs: JobCard[]; details: Record<string, unknown> } {
  const page_data: PageData = {
    page_title: 'Careers at Veltrix | Jobs in London, Pune, Johannesburg and Dallas',
    meta_keywords: 'Veltrix careers, telecom software jobs, billing engineer jobs, solution consultant, Halcombe Group careers',
    meta_description:
      'Join Veltrix and build software that runs telecom networks and shared infrastructure. Open positions in engineering, delivery, product and sales.',
    name: 'Careers',
    sub_text: 'Build what connects the world',
    sub_text2: 'Join engineers, consultants and specialists who run the software behind towers, networks and subscriptions.',
    ...banner('company'),
  };
  const jobs: JobCard[] = JOBS.map((j) => ({
    post_name: j.title,
    city: j.city,
    job_slug: j.slug,
    country: COUNTRY[j.city],
    expertise: j.expertise,
    summary: p(j.summary),
  }));
  const page = {
    page_data,
    careers_data: {
      jobs_data: jobs,
    },
  };
  const details: Record<string, unknown> = {};
  for (const j of JOBS) {
    details[j.slug] = {
      job_data: {
        name: j.title,
        description:
          h3('About the role') +
          p(`${j.role} Experience: ${j.experience}.`) +
          h3('Responsibilities') +
          ul(...j.responsibilities) +
          h3('Requirements') +
          ul(...j.requirements),
        job_code: j.code,
        // Assumed extras (SPEC §3 names only name, description and job_code).
        city: j.city,
        country: COUNTRY[j.city],
        expertise: j.expertise,
        posted_date: j.posted,
        page_title: `${j.title}, ${j.city} | Careers at Veltrix`,
        meta_keywords: `${j.title}, ${j.expertise} jobs, jobs in ${j.city}, Veltrix careers`,
        meta_description: j.summary,
      },
    };
  }
  return { page, jobs, details };
}
