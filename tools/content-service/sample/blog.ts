// Blog sample content: one compact source list that produces both the list
// collection (collections/blog-posts.json) and one detail file per post
// (blog/<slug>.json), so the two can never disagree.

export const BLOG_CATEGORIES = [
  { name: 'Customer', slug: 'customer' },
  { name: 'Products', slug: 'products' },
  { name: 'Business', slug: 'business' },
  { name: 'Technology', slug: 'technology' },
] as const;

type CategorySlug = (typeof BLOG_CATEGORIES)[number]['slug'];

interface PostSource {
  slug: string;
  title: string;
  cat: CategorySlug;
  date: string;
  image: string;
  short: string;
  keywords: string;
  body: string[];
}

const p = (text: string) => `<p>${text}</p>`;
const h2 = (text: string) => `<h2>${text}</h2>`;
const ul = (...items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

// Newest first, as the real service returns them.
const POSTS: PostSource[] = [
  {
    slug: 'cloud-native-billing-for-tower-companies',
    title: 'Why Cloud-Native Billing Matters for Tower Companies',
    cat: 'technology',
    date: '2026-03-14',
    image: 'blog/cloud-billing.svg',
    short:
      'Tower portfolios change every week. Billing that scales elastically and deploys without downtime keeps invoices in step with the assets they describe.',
    keywords: 'cloud-native billing, tower company billing, towerco software, elastic scaling',
    body: [
      p(
        'A tower company invoices against a moving target. Tenancies are added, equipment is upgraded, escalation clauses kick in and power pass-through charges change with every utility bill. Billing platforms designed for a static product catalogue struggle to keep up, and the gap shows up as disputes, credit notes and delayed cash.',
      ),
      h2('What "cloud-native" actually changes'),
      p(
        'Cloud-native is not a hosting decision; it is an architectural one. The billing engine is split into small services that scale independently, so a month-end run across fifty thousand sites does not slow down the tenant portal or the lease team.',
      ),
      ul(
        'Rating, invoicing and collections scale independently during month-end peaks.',
        'Configuration changes ship through pipelines, not weekend maintenance windows.',
        'Every charge keeps a full audit trail back to the lease clause that created it.',
        'Regional deployments keep customer data where regulators expect it to stay.',
      ),
      p(
        'The practical effect is confidence. Finance teams can rerun a billing cycle for a single tenant in minutes, and operations can onboard an acquired portfolio without waiting for a hardware refresh.',
      ),
      p(
        'At Veltrix we built our revenue management platform on these principles because our customers asked for one thing above all: invoices that are right the first time, every time.',
      ),
    ],
  },
  {
    slug: 'tallis-ridge-towers-asset-visibility',
    title: 'How Tallis Ridge Towers Reached 100% Asset Visibility in Nine Months',
    cat: 'customer',
    date: '2026-03-09',
    image: 'blog/tower-assets.svg',
    short:
      'A regional tower company replaced spreadsheets and site folders with AI-powered asset tracking, and found equipment worth millions that was never being billed.',
    keywords: 'asset visibility, tower audit, AI asset tracking, customer story',
    body: [
      p(
        'Tallis Ridge Towers operates more than 6,000 sites across three countries. Its asset register lived in spreadsheets maintained by regional teams, each with its own naming conventions. When the finance team tried to reconcile tenant equipment against invoices, nobody could say with certainty what was mounted on which tower.',
      ),
      h2('The challenge'),
      ul(
        'Three regional registers with no shared identifiers.',
        'Site audits that took a technician most of a day per tower.',
        'Tenant equipment added without a matching contract amendment.',
      ),
      p(
        'Working with Veltrix, the team rolled out AI-powered asset tracking in waves. Technicians captured photographs with the field app; computer vision identified antennas, radios and microwave dishes and matched them against the lease database.',
      ),
      h2('The results'),
      p(
        'Within nine months every site had a verified digital twin. The audit surfaced more than 1,400 items of unbilled tenant equipment, and the lease team now receives an alert whenever a site survey finds something the contract does not cover.',
      ),
      p(
        '"We used to argue about the register. Now we argue about what to do with the revenue we found," says the company\'s head of asset management.',
      ),
    ],
  },
  {
    slug: 'whats-new-in-lease-and-contract-management',
    title: "What's New in Veltrix Lease & Contract Management for 2026",
    cat: 'products',
    date: '2026-03-04',
    image: 'blog/cloud-billing.svg',
    short:
      "Clause-level obligations, renewal forecasting and a redesigned landlord workspace headline this year's release of our lease and contract management module.",
    keywords: 'lease management, contract management, towerco, product release',
    body: [
      p(
        "Ground leases are the single largest operating cost for most tower companies, and the contracts behind them are rarely simple. This year's release of Veltrix Lease &amp; Contract Management focuses on turning long documents into obligations that teams can act on.",
      ),
      h2('Highlights of the release'),
      ul(
        '<strong>Clause-level obligations:</strong> escalations, access rights and termination notices are tracked as individual tasks with owners and due dates.',
        '<strong>Renewal forecasting:</strong> a twelve-month view of expiring leases, ranked by revenue at risk.',
        '<strong>Landlord workspace:</strong> a cleaner screen that shows every payment, document and conversation for a landlord in one place.',
        '<strong>Bulk amendments:</strong> apply a negotiated rent change across hundreds of sites with a single approval.',
      ),
      p(
        "The release also brings deeper integration with the revenue management platform, so a change to a tenant's lease is reflected in the next invoice without re-keying.",
      ),
      p(
        'Existing customers can enable the new features from the administration console. As always, our services team is on hand to help plan the rollout.',
      ),
    ],
  },
  {
    slug: 'colocation-growth-every-tenancy-counts',
    title: 'Colocation Is the Growth Engine: Making Every Tenancy Count',
    cat: 'business',
    date: '2026-02-27',
    image: 'blog/revenue-analytics.svg',
    short:
      "Tenancy ratio drives tower economics. Here is how leading tower companies shorten the path from a tenant's request to a billable installation.",
    keywords: 'colocation, tenancy ratio, tower economics, towerco growth',
    body: [
      p(
        'Every additional tenant on an existing tower is close to pure margin. The steel is already standing, the ground lease is already paid and the power connection is already in place. That is why tenancy ratio is the number tower company boards watch most closely.',
      ),
      p(
        "Yet many operators lose weeks between a tenant's application and the first invoice. Structural checks, landlord consent and installation scheduling each sit in a different system, and every hand-off adds delay.",
      ),
      h2('Where the time goes'),
      ul(
        'Application intake by e-mail, re-keyed into the asset system.',
        'Structural analysis requested manually and tracked in spreadsheets.',
        'Landlord consent chased by phone without a shared status.',
        'Billing triggered only when someone remembers to raise the order.',
      ),
      p(
        'Joining these steps into one orchestrated workflow typically cuts the cycle by more than half. The tenant sees progress in the customer portal, and billing starts automatically on the day the installation is accepted.',
      ),
    ],
  },
  {
    slug: 'computer-vision-passive-asset-audits',
    title: 'How Computer Vision Is Changing Passive Asset Audits',
    cat: 'technology',
    date: '2026-02-21',
    image: 'blog/tower-assets.svg',
    short:
      'Photographs taken on a routine site visit can now identify, count and classify equipment on a tower. We explain how the models work and where humans stay in the loop.',
    keywords: 'computer vision, passive infrastructure, tower audit, machine learning',
    body: [
      p(
        'A traditional tower audit relies on a climber with a clipboard. It is slow, expensive and, at height, not without risk. Computer vision offers a different approach: capture high-quality images from the ground or by drone, and let a trained model do the counting.',
      ),
      h2('How the pipeline works'),
      ul(
        'Images are tagged with site, sector and timestamp as they are captured.',
        'Detection models locate antennas, remote radio units, dishes and cabinets.',
        'Classification models estimate type and size from a library of known equipment.',
        'Results are compared with the contracted loading for each tenant.',
      ),
      p(
        "Confidence matters. Every detection carries a score, and anything below the threshold is routed to a reviewer rather than written straight into the register. Reviewers' decisions feed back into training, so the model improves with each audit cycle.",
      ),
      p(
        'The payoff is not only speed. Because audits become cheap, they can happen every time a technician visits a site, which turns the asset register from an annual snapshot into a living record.',
      ),
    ],
  },
  {
    slug: 'unified-customer-portal-tenant-self-service',
    title: 'Unified Customer Portal: Giving Tenants Real Self-Service',
    cat: 'products',
    date: '2026-02-16',
    image: 'blog/customer-portal.svg',
    short:
      'Tenants want answers without raising a ticket. The Veltrix Unified Customer Portal puts applications, invoices and site information in one secure place.',
    keywords: 'customer portal, tenant self-service, towerco, telecom portal',
    body: [
      p(
        'For a mobile operator leasing space on thousands of towers, a simple question such as "which of our sites have spare capacity in this region?" can take days to answer by e-mail. The Unified Customer Portal was designed to make those questions self-service.',
      ),
      h2('What tenants can do'),
      ul(
        'Search available sites on a map and check structural headroom.',
        'Submit new colocation applications and track every approval step.',
        'Download invoices, statements and credit notes, and raise disputes against a line item.',
        'Book site access and receive confirmation without a phone call.',
      ),
      p(
        'For the tower company, the portal removes a surprising amount of routine work. Account managers spend their time on growth conversations instead of forwarding PDFs, and disputes arrive with the context needed to resolve them.',
      ),
      p(
        'The portal is built on the same data as the rest of the Veltrix suite, so what a tenant sees is exactly what the lease and billing teams see.',
      ),
    ],
  },
  {
    slug: 'event-driven-orchestration-bss-oss',
    title: 'Event-Driven Orchestration: Connecting BSS and OSS Without the Spaghetti',
    cat: 'technology',
    date: '2026-02-11',
    image: 'blog/orchestration.svg',
    short:
      'Point-to-point integrations multiply with every new system. An event-driven orchestration layer keeps business and operational support systems loosely coupled.',
    keywords: 'orchestration, BSS, OSS, event-driven architecture, integration',
    body: [
      p(
        'Most operators did not design their integration landscape; it accumulated. Each new system arrived with a handful of point-to-point interfaces, and a decade later nobody is quite sure what breaks if one of them is switched off.',
      ),
      p(
        'Event-driven orchestration replaces those direct calls with published business events: an order was accepted, a site was commissioned, a payment was received. Systems subscribe to the events they care about and ignore the rest.',
      ),
      h2('Design principles we follow'),
      ul(
        'Events describe business facts, not database changes.',
        'Every event has a versioned schema and a clear owner.',
        'Long-running processes are modelled explicitly, with timeouts and compensation.',
        'Replay is a first-class feature, so a new consumer can catch up on history.',
      ),
      p(
        'The Veltrix Integration &amp; Orchestration platform combines an event backbone with a low-code process designer and an API gateway. Teams can see, in one place, every step an order takes across BSS and OSS, and where it is waiting.',
      ),
    ],
  },
  {
    slug: 'hidden-cost-of-revenue-leakage',
    title: 'The Hidden Cost of Revenue Leakage in Tower Portfolios',
    cat: 'business',
    date: '2026-02-05',
    image: 'blog/revenue-analytics.svg',
    short:
      'Unbilled equipment, missed escalations and forgotten pass-through charges quietly erode margins. We look at the most common sources of leakage and how to close them.',
    keywords: 'revenue leakage, revenue assurance, tower portfolio, billing accuracy',
    body: [
      p(
        'Revenue leakage rarely makes headlines because no single error is large. A missed annual escalation here, an unbilled microwave dish there. Across a portfolio of tens of thousands of sites, however, industry estimates put the loss at between one and three percent of revenue.',
      ),
      h2('The usual suspects'),
      ul(
        '<strong>Loading drift:</strong> tenants add equipment without a contract amendment.',
        '<strong>Escalation misses:</strong> index-linked increases applied late or not at all.',
        '<strong>Pass-through gaps:</strong> power and fuel costs not recharged in full.',
        '<strong>Acquisition debt:</strong> contracts from acquired portfolios never fully migrated.',
      ),
      p(
        'Closing these gaps starts with a single source of truth that connects the physical asset, the contract and the invoice. When those three agree, leakage becomes visible, and what is visible can be fixed.',
      ),
      p(
        'Customers using the Veltrix suite report billing accuracy of 100% once asset tracking, lease management and revenue management share the same data.',
      ),
    ],
  },
  {
    slug: 'quenby-telecom-billing-accuracy',
    title: 'Quenby Telecom: From Monthly Disputes to 100% Billing Accuracy',
    cat: 'customer',
    date: '2026-01-30',
    image: 'blog/cloud-billing.svg',
    short:
      'A fast-growing operator consolidated four legacy billing stacks onto Veltrix revenue management and ended a cycle of monthly disputes with its enterprise customers.',
    keywords: 'billing accuracy, billing consolidation, telecom operator, customer story',
    body: [
      p(
        'Quenby Telecom grew through acquisition, and every acquisition brought its own billing system. By the time the company reached two million subscribers it was running four platforms, each with different rating rules and product codes.',
      ),
      p(
        'Enterprise customers received multiple invoices with inconsistent discounts, and the disputes team spent the first two weeks of every month issuing corrections.',
      ),
      h2('The approach'),
      ul(
        'A unified product catalogue mapped from all four legacy systems.',
        'Phased migration by customer segment, with parallel runs before each cut-over.',
        'Automated reconciliation reports comparing legacy and new invoices line by line.',
      ),
      p(
        "The final legacy platform was switched off fourteen months after the programme began. Since then, Quenby has recorded 100% billing accuracy on its enterprise accounts and cut the disputes team's workload by more than two thirds.",
      ),
      p('"The parallel runs were the key," says Quenby\'s billing director. "By the time we switched, nobody was nervous."'),
    ],
  },
  {
    slug: 'api-gateway-patterns-for-operators',
    title: 'Five API Gateway Patterns Every Operator Should Know',
    cat: 'technology',
    date: '2026-01-26',
    image: 'blog/orchestration.svg',
    short:
      'Exposing network and billing capabilities to partners is now table stakes. These five gateway patterns keep the exposure safe, observable and easy to change.',
    keywords: 'API gateway, network APIs, partner integration, telecom APIs',
    body: [
      p(
        'Operators increasingly expose their capabilities through APIs: partners check coverage, resellers place orders, and enterprise customers pull usage into their own dashboards. The API gateway sits at the front of all of this traffic, and a few patterns make the difference between a gateway that helps and one that becomes a bottleneck.',
      ),
      h2('The five patterns'),
      ul(
        '<strong>Backend for frontend:</strong> tailor responses to each consumer instead of exposing internal models.',
        '<strong>Token exchange:</strong> translate partner credentials into narrowly scoped internal tokens.',
        '<strong>Quota by contract:</strong> enforce rate limits that match commercial agreements, not just technical limits.',
        '<strong>Versioned facades:</strong> keep old API versions alive while the systems behind them change.',
        "<strong>Correlation everywhere:</strong> attach an identifier to every call so a partner's issue can be traced end to end.",
      ),
      p(
        'None of these patterns is new, but applying them consistently is what allows an operator to add a partner in days rather than months.',
      ),
      p(
        'The Veltrix API gateway, part of our Integration &amp; Orchestration platform, supports all five patterns through configuration, with a developer portal where partners can register, test against a sandbox and track their own usage.',
      ),
    ],
  },
  {
    slug: 'revenue-management-shared-infrastructure',
    title: 'Revenue Management for Shared Infrastructure: Inside the Veltrix Approach',
    cat: 'products',
    date: '2026-01-21',
    image: 'blog/revenue-analytics.svg',
    short:
      'Shared infrastructure calls for billing that understands sites, tenants, loadings and pass-through costs. A look at how our revenue management platform models them.',
    keywords: 'revenue management, shared infrastructure, tower billing, pass-through charges',
    body: [
      p(
        'Billing a tower tenant is nothing like billing a mobile subscriber. The charge depends on the site, the space and weight the tenant occupies, the power it draws and the terms negotiated in a master lease agreement that may run to hundreds of pages.',
      ),
      h2('How the platform models it'),
      ul(
        'Master agreements define price books, escalation rules and discounts once.',
        'Site-level orders inherit those terms and add local variations.',
        'Loadings from the asset register drive equipment-based charges automatically.',
        'Pass-through costs are allocated by metered or contracted share.',
      ),
      p(
        'Because every charge traces back to a contract term and an asset record, finance teams can explain any line on any invoice. That explainability is what turns billing from a source of disputes into a source of trust.',
      ),
      p(
        'The platform also supports revenue recognition rules for long-term contracts, so the same data serves both the invoice and the ledger.',
      ),
    ],
  },
  {
    slug: 'managed-services-or-in-house',
    title: 'Managed Service Operations or In-House: How to Decide',
    cat: 'business',
    date: '2026-01-15',
    image: 'blog/field-force.svg',
    short:
      'Running business support systems in-house gives control; managed operations give focus. A practical framework for choosing the model that fits your organisation.',
    keywords: 'managed services, operations, outsourcing, telecom operations',
    body: [
      p(
        'Once a new platform is live, someone has to keep it running: monitoring jobs, applying patches, handling incidents and tuning performance. Operators usually weigh two options, building an in-house team or contracting a managed service.',
      ),
      h2('Questions to ask'),
      ul(
        'Is running this platform a source of competitive advantage, or a utility?',
        'Can you hire and retain the specialist skills in your market?',
        'How predictable do you need operating costs to be?',
        'What service levels does the business actually need, and at what hours?',
      ),
      p(
        'Many of our customers choose a hybrid: Veltrix runs day-to-day operations under clear service levels, while the customer keeps a small team that owns the roadmap and the relationship with the business.',
      ),
      p(
        'Whatever the model, the contract should measure outcomes such as billing cycles completed on time, rather than effort such as hours logged.',
      ),
    ],
  },
  {
    slug: 'real-time-mediation-5g',
    title: 'Real-Time Mediation in a 5G World',
    cat: 'technology',
    date: '2026-01-09',
    image: 'blog/orchestration.svg',
    short:
      '5G brings more usage records, more event types and customers who expect to see their consumption instantly. Mediation has to move from batch to streams.',
    keywords: 'mediation, 5G, real-time charging, usage records, streaming',
    body: [
      p(
        'Mediation used to be a nightly batch: collect usage files from the network, clean them, and pass them to billing. With 5G, network slicing and enterprise private networks, usage arrives continuously and in many more shapes.',
      ),
      h2('What changes with streaming mediation'),
      ul(
        'Records are processed as they arrive, so balances and alerts are always current.',
        'Duplicate and late records are handled with windowing rather than manual fixes.',
        'New record formats are added through configuration, not code releases.',
        'Downstream systems subscribe to exactly the streams they need.',
      ),
      p(
        'The operational benefit is as important as the commercial one. When a network element stops sending usage, a streaming pipeline notices within minutes instead of at the next batch run.',
      ),
      p(
        'Veltrix mediation and provisioning handles both worlds, so operators can move traffic from batch to streaming one source at a time.',
      ),
    ],
  },
  {
    slug: 'credit-control-without-losing-customers',
    title: 'Credit Control That Protects Revenue Without Losing Customers',
    cat: 'products',
    date: '2026-01-05',
    image: 'blog/revenue-analytics.svg',
    short:
      'Aggressive collections recover cash and lose customers. Our credit control module segments risk so each customer gets the right treatment at the right time.',
    keywords: 'credit control, collections, dunning, telecom revenue',
    body: [
      p(
        'Every operator has customers who pay late. Some forgot, some are in temporary difficulty and a few never intended to pay. Treating them all the same is expensive: reminders annoy good customers, while slow escalation lets bad debt grow.',
      ),
      h2('Segment first, then act'),
      p(
        'Veltrix Credit Control scores each account using payment history, tenure, product mix and spend. The score selects a treatment path, from a friendly reminder to a payment plan or a staged service restriction.',
      ),
      ul(
        'Configurable treatment paths with channels, timings and escalation rules.',
        'Promise-to-pay tracking with automatic follow-up.',
        'Partial barring that protects emergency and essential services.',
        'Dashboards that show recovered cash by segment and treatment.',
      ),
      p(
        'The result is a collections process that recovers more while generating fewer complaints, and that the customer care team can explain to any caller.',
      ),
    ],
  },
  {
    slug: 'marrowgate-portal-adoption',
    title: 'Marrowgate Infrastructure: 4,000 Tenants Onboarded to Self-Service',
    cat: 'customer',
    date: '2025-12-18',
    image: 'blog/customer-portal.svg',
    short:
      'A neutral-host infrastructure provider moved its tenants from e-mail and phone to the Unified Customer Portal, and halved the time to approve a colocation request.',
    keywords: 'customer portal, neutral host, self-service adoption, customer story',
    body: [
      p(
        'Marrowgate Infrastructure provides towers, rooftops and in-building systems to every major operator in its market. Until last year, tenants applied for space by e-mailing a spreadsheet, and account managers spent much of their week answering status questions.',
      ),
      h2('Driving adoption'),
      ul(
        'A pilot with two tenants shaped the application forms before launch.',
        "Training sessions for each tenant's planning team, recorded for new starters.",
        'E-mail applications were accepted for three months, then politely retired.',
      ),
      p(
        'Within six months more than 4,000 tenant users were active on the portal. The median time to approve a colocation request fell from 38 days to 17, and invoice queries dropped by 60% because tenants could see the detail themselves.',
      ),
      p(
        "Marrowgate's account managers now spend their time on planning conversations with tenants, which is exactly where the company wanted them.",
      ),
    ],
  },
  {
    slug: 'low-code-workflows-bpm',
    title: "Low-Code Workflows: Where They Help and Where They Don't",
    cat: 'technology',
    date: '2025-12-12',
    image: 'blog/orchestration.svg',
    short:
      'Low-code process design lets business teams change workflows quickly. Used well, it removes backlog; used carelessly, it creates a new kind of legacy.',
    keywords: 'low-code, BPM, workflow automation, business process management',
    body: [
      p(
        'Low-code tools promise that business analysts can design and change processes without waiting for developers. In our experience the promise holds, as long as teams are clear about what belongs in the workflow and what does not.',
      ),
      h2('Good candidates for low-code'),
      ul(
        'Approval chains that change with organisation structure.',
        'Forms and checklists for field and back-office tasks.',
        'Routing rules based on region, value or customer segment.',
        'Notifications and escalations with business-defined timings.',
      ),
      h2('Better left to engineers'),
      p(
        'Complex calculations, high-volume data transformation and anything that needs rigorous automated testing are better built as services and called from the workflow. The process stays readable; the heavy lifting stays testable.',
      ),
      p(
        'Veltrix BPM encourages this split with a library of reusable service tasks, versioned process definitions and a simulation mode that shows the impact of a change before it goes live.',
      ),
    ],
  },
  {
    slug: 'where-operational-efficiency-gains-come-from',
    title: 'Benchmarking Operational Efficiency: Where the 75% Comes From',
    cat: 'business',
    date: '2025-12-08',
    image: 'blog/revenue-analytics.svg',
    short:
      'Our customers report up to 75% improvement in operational process efficiency. We break down where those gains come from and how they are measured.',
    keywords: 'operational efficiency, process automation, benchmarking, telecom operations',
    body: [
      p(
        'Headline numbers deserve scrutiny, including ours. When we say customers achieve up to 75% operational process efficiency and 80% financial process efficiency, we mean a reduction in the effort needed to complete a defined set of processes, measured before and after deployment.',
      ),
      h2('Where the gains come from'),
      ul(
        '<strong>Removing re-keying:</strong> data entered once flows to every system that needs it.',
        '<strong>Automating hand-offs:</strong> work moves to the next team without e-mails or chasers.',
        '<strong>Exception-based working:</strong> people look only at the cases the system cannot resolve.',
        '<strong>Self-service:</strong> tenants and customers answer their own routine questions.',
      ),
      p(
        "We measure effort with the customer's own teams, using a sample of real cases for each process. The figures vary by starting point; organisations with heavily manual processes see the largest improvements.",
      ),
      p(
        'The goal is not fewer people. It is the same people spending their time on growth, service and decisions rather than on copying data between screens.',
      ),
    ],
  },
  {
    slug: 'field-force-management-office-to-site',
    title: 'Field Force Management: Closing the Loop Between Office and Site',
    cat: 'products',
    date: '2025-12-02',
    image: 'blog/field-force.svg',
    short:
      'Work orders, site access, safety checks and asset updates in one mobile app, connected directly to the systems that raised the work.',
    keywords: 'field force management, work orders, mobile workforce, site maintenance',
    body: [
      p(
        'A technician on a tower is the last mile of every process in a tower company or operator. If the information they capture stays in a notebook or a photo gallery, the rest of the organisation works from stale data.',
      ),
      h2('One app, connected end to end'),
      ul(
        'Work orders dispatched by skill, location and site access windows.',
        'Digital safety checklists that must be completed before work starts.',
        'Asset updates and photographs that flow straight into the register.',
        'Offline working for remote sites, with automatic sync on reconnect.',
      ),
      p(
        "Because the field app is part of the same platform as lease, asset and billing management, a completed installation can trigger the tenant's first invoice automatically, and an unexpected finding on site can open a contract review.",
      ),
      p(
        'Field teams tell us the biggest improvement is simpler still: fewer trips back to a site because something was missing from the job pack.',
      ),
    ],
  },
  {
    slug: 'billing-data-migration-without-downtime',
    title: 'Migrating Billing Data Without Downtime: A Field Guide',
    cat: 'technology',
    date: '2025-11-26',
    image: 'blog/cloud-billing.svg',
    short:
      'Billing migrations fail on data, not software. Lessons from dozens of cut-overs on profiling, reconciliation and the parallel run.',
    keywords: 'data migration, billing migration, cut-over, parallel run',
    body: [
      p(
        'After three decades of migration projects, our services team has a simple rule: the software is rarely the problem. Migrations fail when the data turns out to be different from what everyone believed.',
      ),
      h2('Our migration playbook'),
      ul(
        'Profile the source data early and share the findings with the business.',
        'Agree reconciliation rules before writing a single transformation.',
        'Migrate in waves, starting with a segment that is small but representative.',
        'Run old and new billing in parallel until the differences are explained.',
        'Plan the rollback, even if you never expect to use it.',
      ),
      p(
        'The parallel run is where confidence is built. Every difference between the old and new invoice is either a defect to fix or an old error to stop repeating, and both are worth knowing about.',
      ),
      p('Done this way, the final cut-over is an anticlimax: a scheduled switch of the system of record, with customers none the wiser.'),
    ],
  },
  {
    slug: 'saltmere-fibre-subscription-launch',
    title: 'Saltmere Fibre Launches Subscription Bundles in Six Weeks',
    cat: 'customer',
    date: '2025-11-20',
    image: 'blog/customer-portal.svg',
    short:
      'A growing fibre provider used Veltrix subscription billing to launch broadband, TV and smart-home bundles ahead of the holiday season.',
    keywords: 'subscription billing, fibre broadband, bundles, customer story',
    body: [
      p(
        'Saltmere Fibre wanted to offer bundles of broadband, streaming TV and smart-home devices before the holiday season. Its existing billing system could only handle single products with fixed monthly prices.',
      ),
      h2('What made six weeks possible'),
      ul(
        'A catalogue-driven platform where bundles are configured, not coded.',
        'Pre-built proration and mid-cycle upgrade rules.',
        'An API that the existing sign-up journey could call directly.',
        'A small joint team that met daily and kept scope tight.',
      ),
      p(
        'The bundles launched on schedule and accounted for more than a third of new sign-ups in the first quarter. Because upgrades are handled automatically, customers moving to a bigger bundle see a clean, prorated invoice instead of a confusing mix of credits and charges.',
      ),
      p(
        'Saltmere is now extending the same catalogue to business customers, adding static IP addresses, managed Wi-Fi and service-level options as add-ons that can be combined with any bundle.',
      ),
    ],
  },
  {
    slug: 'redesigning-the-monthly-statement-ccm',
    title: 'Redesigning the Monthly Statement with Customer Communication Management',
    cat: 'products',
    date: '2025-11-14',
    image: 'blog/messaging.svg',
    short:
      'The invoice is the communication customers read most. Veltrix CCM makes it clearer, personalised and available on every channel.',
    keywords: 'customer communication management, CCM, invoice design, statements',
    body: [
      p(
        'Every month, every customer receives at least one message from their provider: the statement. It is read more closely than any marketing campaign, and a confusing one leads straight to a call-centre queue.',
      ),
      h2('What modern CCM brings'),
      ul(
        'Templates designed by business users, with live previews against real data.',
        'Personalised explanations of changes since the last statement.',
        'Delivery by e-mail, SMS, portal and print from a single template.',
        'Full Unicode support for every language on the customer base.',
      ),
      p(
        'Operators who redesigned their statements with Veltrix CCM report fewer billing enquiries in the first month after launch, and the same platform handles welcome packs, payment reminders and regulatory notices.',
      ),
      p(
        'Reporting closes the loop: delivery receipts, bounced e-mails and portal views are tracked, so teams know which customers actually received the message.',
      ),
    ],
  },
  {
    slug: 'lease-renewal-strategy-ground-rooftop',
    title: 'A Smarter Lease Renewal Strategy for Ground and Rooftop Sites',
    cat: 'business',
    date: '2025-11-07',
    image: 'blog/tower-assets.svg',
    short:
      'Renewals negotiated at the last minute cost more. A portfolio view of expiries, revenue at risk and landlord relationships changes the conversation.',
    keywords: 'lease renewal, ground lease, rooftop sites, landlord management',
    body: [
      p(
        'A tower without a lease is a liability. Yet many tower companies still discover expiring ground and rooftop leases a few months before the deadline, leaving little room to negotiate.',
      ),
      h2('Building a renewal strategy'),
      ul(
        'Maintain a rolling three-year view of every expiring lease.',
        'Rank renewals by tenant revenue and the cost of relocating the site.',
        'Group landlords with multiple sites and negotiate portfolio deals.',
        'Consider lease buy-outs where the long-term economics favour them.',
      ),
      p(
        'With that view in place, renewal becomes a planned programme rather than a series of emergencies. Negotiators go into each conversation knowing what the site earns and what the alternatives cost.',
      ),
      p(
        'Veltrix Lease &amp; Contract Management provides the renewal pipeline out of the box, with alerts, task assignment and a full record of every landlord interaction.',
      ),
    ],
  },
  {
    slug: 'securing-multi-tenant-customer-portals',
    title: 'Securing Customer Portals: Practical Controls for Multi-Tenant Access',
    cat: 'technology',
    date: '2025-11-03',
    image: 'blog/security.svg',
    short:
      "When competing operators share one portal, isolation is everything. The controls we rely on to keep each tenant's data private.",
    keywords: 'portal security, multi-tenant, access control, data isolation',
    body: [
      p(
        "A tower company's portal serves customers who compete fiercely with one another. Showing one operator another's site plans, even briefly, would be a serious breach of trust. Security in a multi-tenant portal is therefore designed in from the first line of code.",
      ),
      h2('Controls that matter most'),
      ul(
        'Tenant isolation enforced in the data layer, not only in the user interface.',
        "Single sign-on with each customer's identity provider and mandatory multi-factor authentication.",
        'Fine-grained roles so planners, finance users and contractors see only what they need.',
        'Complete audit logs of every view, download and change.',
      ),
      p(
        'We test these controls continuously with automated checks and regular independent penetration tests, and our information security management is certified to ISO/IEC 27001.',
      ),
      p('Good security is also good usability: when users trust the portal, they use it, and the benefits of self-service follow.'),
    ],
  },
  {
    slug: 'subscription-billing-usage-based-pricing',
    title: 'Subscription Billing for Usage-Based Pricing',
    cat: 'products',
    date: '2025-10-28',
    image: 'blog/cloud-billing.svg',
    short:
      'Flat monthly fees are giving way to hybrid plans that combine a subscription with metered usage. How Veltrix subscription billing handles both.',
    keywords: 'subscription billing, usage-based pricing, SaaS billing, metered billing',
    body: [
      p(
        'SaaS and digital service providers are moving from flat fees to hybrid pricing: a base subscription that includes an allowance, with metered charges above it. Customers like paying for what they use; finance teams like the growth it brings. Billing systems often struggle with it.',
      ),
      h2('Capabilities that make hybrid pricing work'),
      ul(
        'Tiered, volume and stair-step pricing on any metered quantity.',
        'Allowances that roll over, pool across users or reset each cycle.',
        'Real-time usage visibility so customers are never surprised by an invoice.',
        'Proration for upgrades, downgrades and mid-cycle changes.',
      ),
      p(
        'Veltrix subscription billing supports all of these from one catalogue, and publishes usage and invoice events to the orchestration platform so that CRM, finance and customer communications stay in step.',
      ),
      p(
        'Pricing experiments become cheaper too. A new plan can be trialled with a segment of customers, measured against the existing one and rolled out, or quietly retired, without a development project.',
      ),
    ],
  },
  {
    slug: 'digital-transformation-roadmap-csp',
    title: 'Building a Realistic Digital Transformation Roadmap for CSPs',
    cat: 'business',
    date: '2025-10-22',
    image: 'blog/orchestration.svg',
    short: 'Big-bang transformations have a poor track record. A roadmap built from small, valuable steps keeps momentum and funding.',
    keywords: 'digital transformation, CSP, roadmap, BSS modernisation',
    body: [
      p(
        'Communication service providers have seen many transformation programmes promise everything at once and deliver late, over budget or not at all. The alternative is not to do less, but to sequence it differently.',
      ),
      h2('Principles for a roadmap that lands'),
      ul(
        'Start where the pain is measurable, such as billing disputes or order fall-out.',
        'Deliver something customers notice every quarter.',
        'Put an orchestration layer in early, so legacy systems can be retired one at a time.',
        'Fund the programme in stages tied to outcomes, not to phases of a plan.',
      ),
      p(
        'In practice this often means modernising the customer-facing edge first, with a portal, communications and self-service, while the core is migrated behind it. Customers see the benefit early, and the organisation builds the confidence to tackle the harder parts.',
      ),
      p(
        'A roadmap is also a communication tool. Shared openly with the board, operations and frontline teams, it explains why each step comes when it does and what success looks like, which keeps support strong when priorities compete.',
      ),
    ],
  },
  {
    slug: 'observability-for-revenue-systems',
    title: 'Observability for Revenue Systems: What to Measure and Why',
    cat: 'technology',
    date: '2025-10-16',
    image: 'blog/security.svg',
    short:
      'CPU graphs will not tell you that invoices are wrong. Revenue systems need business-level signals alongside the technical ones.',
    keywords: 'observability, monitoring, revenue assurance, billing operations',
    body: [
      p(
        'Traditional monitoring answers the question "is the system up?". For a revenue system, the more important question is "is it producing the right numbers?", and answering it needs signals that describe the business, not just the servers.',
      ),
      h2('Signals we recommend'),
      ul(
        'Usage records received per source, compared with the same hour last week.',
        'Rating rejections and suspense volumes by reason.',
        'Invoice totals per segment against a forecast band.',
        'Time from service activation to first charge.',
      ),
      p(
        'Each of these can be alerted on, just like latency or error rates. When a mediation feed goes quiet or a price change produces unexpected totals, the operations team knows before the customer does.',
      ),
      p(
        'The Veltrix platform ships these business dashboards by default and exposes the underlying metrics for any monitoring tool the customer already uses.',
      ),
    ],
  },
  {
    slug: 'orvane-mobile-credit-control',
    title: 'Orvane Mobile Cuts Overdue Receivables with Smarter Credit Control',
    cat: 'customer',
    date: '2025-10-10',
    image: 'blog/revenue-analytics.svg',
    short:
      'By segmenting customers and tailoring collections, a mobile operator reduced overdue receivables by a quarter while complaints about collections fell.',
    keywords: 'credit control, collections, receivables, mobile operator, customer story',
    body: [
      p(
        "Orvane Mobile's collections process treated every late payer in the same way: a reminder on day five, a barring warning on day fifteen and suspension on day thirty. Good customers who had simply missed a payment were angry; persistent non-payers had learned to pay just before day thirty.",
      ),
      h2('A segmented approach'),
      ul(
        'Risk scoring using payment history, tenure and spend.',
        'Gentle reminders and easy payment links for low-risk customers.',
        'Early payment plans offered to customers in temporary difficulty.',
        'Faster, staged restriction for high-risk accounts.',
      ),
      p(
        'Six months after go-live, overdue receivables were down by 26% and complaints related to collections had fallen by almost half. The finance team now reviews treatment performance monthly and adjusts paths as customer behaviour changes.',
      ),
      p(
        '"We stopped treating a forgotten payment like a fraud case," says Orvane\'s head of credit risk. "Customers noticed, and so did our cash flow."',
      ),
    ],
  },
  {
    slug: 'multichannel-messaging-unicode-bounces',
    title: 'Getting Multichannel Messaging Right: Unicode, Bounces and Delivery Receipts',
    cat: 'technology',
    date: '2025-10-03',
    image: 'blog/messaging.svg',
    short:
      'A message that never arrives, or arrives as question marks, is worse than no message at all. The technical details behind reliable customer communications.',
    keywords: 'multichannel messaging, Unicode, SMS, bounce tracking, delivery receipts',
    body: [
      p(
        'Customer communication at scale is full of small technical traps. An SMS in a language with non-Latin script silently switches encoding and splits into more segments; an e-mail to an abandoned mailbox bounces without anyone noticing; a WhatsApp template is rejected because one variable was too long.',
      ),
      h2('Getting the details right'),
      ul(
        'Detect encoding per message and show the segment count before sending.',
        'Classify bounces as hard or soft, and suppress addresses that keep failing.',
        'Collect delivery receipts from every channel into one timeline per customer.',
        'Fall back to a second channel when the first one fails.',
      ),
      p(
        'Veltrix Customer Communication Management handles these details centrally, so marketing, billing and operations teams can focus on what to say rather than how it will be delivered.',
      ),
      p(
        'The reporting is just as important: a clear view of who received what, and when, is often the first thing a regulator or an ombudsman asks for.',
      ),
    ],
  },
];

export interface BlogListItem {
  image_thumbnail: string;
  cat_name: string;
  /** Not a SPEC field (x-assumed): the reference service filters the list by it (?cat_slug=). */
  cat_slug: string;
  posted_date: string;
  name: string;
  /** HTML teaser. */
  short_description: string;
  slug: string;
}

/** GET /api/blog/{slug}: SPEC §3 names cat_name, name, image and content; the rest are assumed extras. */
export interface BlogPostResponse {
  post_data: {
    cat_name: string;
    name: string;
    image: string;
    content: string;
    posted_date: string;
    page_title: string;
    meta_keywords: string;
    meta_description: string;
  };
}

const categoryName = (slug: CategorySlug) => BLOG_CATEGORIES.find((c) => c.slug === slug)?.name ?? slug;

export function buildBlog(): { collection: BlogListItem[]; posts: Record<string, BlogPostResponse> } {
  const sorted = [...POSTS].sort((a, b) => b.date.localeCompare(a.date));
  const collection = sorted.map((post) => ({
    image_thumbnail: post.image,
    cat_name: categoryName(post.cat),
    cat_slug: post.cat,
    posted_date: post.date,
    name: post.title,
    short_description: p(post.short),
    slug: post.slug,
  }));
  const posts: Record<string, BlogPostResponse> = {};
  for (const post of sorted) {
    posts[post.slug] = {
      post_data: {
        cat_name: categoryName(post.cat),
        name: post.title,
        image: post.image,
        content: post.body.join('\n'),
        posted_date: post.date,
        page_title: `${post.title} | Veltrix Blog`,
        meta_keywords: post.keywords,
        meta_description: post.short,
      },
    };
  }
  return { collection, posts };
}
