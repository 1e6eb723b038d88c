// Page sample content for the fictional vendor Veltrix (flagship brand of
// Halcombe Group, London). Names of partners, customers and people are invented.
import { BLOG_CATEGORIES, type BlogListItem } from './blog.ts';

import type { PageData } from './page-data.ts';
/** Reserved example domains, so no sample link points at a real account. */
const SOCIAL = {
  linkedin_link: 'https://linkedin.example/company/veltrix',
  twitter_link: 'https://twitter.example/veltrix',
  facebook_link: 'https://facebook.example/veltrix',
  youtube_link: 'https://youtube.example/@veltrix',
};

const banner = (name: string) => ({ image: `banners/${name}-desktop.svg`, image_mobile: `banners/${name}-mobile.svg` });

export function buildHeaderFooterCommon() {
  return {
    footer: {
      social_links: SOCIAL,
      copyright: '© 2026 Halcombe Group. All rights reserved.',
      newsletter_heading: 'Subscribe to our newsletter for product news and industry insights',
      address_html:
        '<p><strong>Veltrix, a Halcombe Group company</strong><br>Halcombe House, 12 Carrow Yard<br>London EC2A 4QX, United Kingdom</p>' +
        '<p>Tel: <a href="tel:+442079460018">+44 20 7946 0018</a><br>E-mail: <a href="mailto:hello@veltrix.example">hello@veltrix.example</a></p>',
    },
    common: {
      section_contact_us: {
        name: 'Get in Touch',
        description:
          'Tell us about your network, your portfolio and your plans. A specialist from our London, Pune, Johannesburg or Dallas office will respond within one business day.',
      },
      section_talk_to_our_and_join_us: {
        name: 'Talk to Our Experts',
        description:
          'See how Veltrix helps tower companies and telecom operators automate operations, bill accurately and serve customers better. Book a session with our solution consultants.',
      },
    },
  };
}

export function buildHomepage(latestPosts: BlogListItem[]) {
  const page_data: PageData = {
    page_title: 'Veltrix | Software for Tower Companies and Telecom Operators',
    meta_keywords:
      'tower company software, telecom BSS, lease management, asset tracking, revenue management, subscription billing, orchestration, BPM, CCM',
    meta_description:
      'Veltrix builds lease, asset, revenue and customer management software for tower companies, telecom operators and subscription businesses, backed by 30 years of domain expertise.',
    name: 'Software That Runs Shared Infrastructure',
    sub_text: 'Tower-company and telecom suites, platforms and services',
    sub_text2: 'One connected platform for leases, assets, billing and customers.',
    ...banner('towers'),
  };
  const [b1, b2, b3, b4] = latestPosts;
  const blogCard = (post: BlogListItem) => ({
    image: post.image_thumbnail,
    category_name: post.cat_name,
    date: post.posted_date,
    name: post.name,
    short_description: post.short_description,
    type: 'blog',
    slug: post.slug,
  });
  return {
    page_data,
    homepage: {
      banner_slides: [
        {
          title: 'Meet Veltrix at the Mobile Congress in Barcelona',
          sub_text: 'Hall 5, Booth 5C31 · 2–5 March 2026 · Fira Gran Via',
          sub_text2:
            'See live demos of AI-powered asset tracking and the new Unified Customer Portal. Book a meeting with our team in advance.',
          ...banner('congress'),
        },
        {
          title: 'The Complete Tower Company Suite',
          sub_text: 'Lease & contract management, asset tracking, revenue management and a unified customer portal',
          sub_text2: 'Know every asset, bill every tenancy and give tenants true self-service.',
          ...banner('towers'),
        },
        {
          title: 'Telecom BSS Built for What Comes Next',
          sub_text: 'Customer care, mediation and provisioning, revenue management and credit control',
          sub_text2: 'Launch offers faster and bill with confidence on a cloud-native platform.',
          ...banner('network'),
        },
      ],
      home_about: {
        name: 'About Veltrix',
        sub_heading: 'Thirty years of telecom and infrastructure software expertise',
        description:
          '<p>Veltrix is the flagship brand of Halcombe Group, headquartered in London. We design, deliver and operate software that helps tower companies, telecom operators and subscription businesses run their operations end to end.</p>' +
          '<p>With offices in the UK, India, South Africa and the USA, and hubs in Dubai, Singapore and Nairobi, our teams work alongside customers on every continent, from first workshop to long-term managed operations.</p>',
        image: 'products/about-veltrix.svg',
      },
      strengths_heading: {
        name: 'Our Strengths',
        sub_heading: 'Purpose-built capabilities for shared infrastructure and communication services',
      },
      strengths_loop: [
        {
          title: 'Lease & Contract Management',
          description: 'Track every ground, rooftop and tenant agreement with clause-level obligations, escalations and renewal alerts.',
          icon_image: 'icons/lease.svg',
        },
        {
          title: 'AI-powered Asset Tracking',
          description: 'Build a verified digital twin of every site with computer vision, field audits and automated reconciliation.',
          icon_image: 'icons/asset.svg',
        },
        {
          title: 'Revenue Management',
          description: 'Rate, bill and collect across sites, tenants, loadings and pass-through costs with a full audit trail.',
          icon_image: 'icons/revenue.svg',
        },
        {
          title: 'Unified Customer Portal',
          description: 'Give tenants and customers self-service for applications, invoices, disputes and site access.',
          icon_image: 'icons/portal.svg',
        },
        {
          title: 'Integration & Orchestration',
          description: 'Connect BSS, OSS and partner systems through low-code middleware, an API gateway and business events.',
          icon_image: 'icons/orchestration.svg',
        },
        {
          title: 'Business Process Management',
          description: 'Design, simulate and change workflows without code, with approvals, SLAs and escalations built in.',
          icon_image: 'icons/bpm.svg',
        },
        {
          title: 'Customer Communication Management',
          description: 'Personalised statements and messages on every channel, with Unicode support and delivery tracking.',
          icon_image: 'icons/ccm.svg',
        },
      ],
      metrics_heading: {
        name: 'Metrics That Matter',
        sub_heading: 'Measured results our customers report after deploying Veltrix',
      },
      metrics_loop: [
        {
          value: '75%',
          title: 'Operational process efficiency',
          description: 'Less effort to complete core operational processes, from colocation requests to site audits.',
        },
        {
          value: '80%',
          title: 'Financial process efficiency',
          description: 'Faster billing cycles, reconciliations and collections with fewer manual touchpoints.',
        },
        {
          value: '100%',
          title: 'Asset visibility',
          description: 'Every tower, every tenancy and every piece of equipment accounted for in one register.',
        },
        {
          value: '100%',
          title: 'Billing accuracy',
          description: 'Invoices that trace every charge back to a contract term and a verified asset.',
        },
      ],
      products_heading: {
        name: 'Our Products',
        sub_heading: 'Suites and platforms for tower companies, telecom operators and subscription businesses',
      },
      resources_section_heading: {
        name: 'Latest Resources',
        sub_heading: 'Insights, white papers and case studies from our experts',
      },
      resources_section_loop: [
        blogCard(b1),
        blogCard(b2),
        {
          image: 'products/white-paper.svg',
          category_name: 'White Paper',
          date: '2026-02-24',
          name: 'The TowerCo Automation Playbook',
          short_description: 'A step-by-step guide to automating lease, asset and billing processes across a growing tower portfolio.',
          type: 'white-paper-case-study',
          slug: 'towerco-automation-playbook',
        },
        blogCard(b3),
        {
          image: 'products/case-study.svg',
          category_name: 'Case Study',
          date: '2026-01-12',
          name: 'Consolidating Four Billing Stacks in Fourteen Months',
          short_description: 'How a multi-country operator retired its legacy billing platforms without a single missed billing cycle.',
          type: 'white-paper-case-study',
          slug: 'consolidating-four-billing-stacks',
        },
        blogCard(b4),
      ],
      home_price_product_individual: {
        name: 'Individual Modules',
        description:
          '<p>Start with the capability you need most and add more as you grow.</p><ul><li>Any single module, such as lease management or asset tracking</li><li>Cloud hosted with standard service levels</li><li>Guided onboarding and data import</li><li>Business-hours support</li></ul>',
      },
      home_price_product_bestseller: {
        name: 'Tower Company Suite',
        description:
          '<p>Our most popular choice: the complete suite for tower companies.</p><ul><li>Lease &amp; contract management</li><li>AI-powered asset tracking</li><li>Revenue management</li><li>Unified customer portal</li><li>24/7 support and quarterly business reviews</li></ul>',
      },
      home_price_product_enterprise: {
        name: 'Enterprise Platform',
        description:
          '<p>For operators and groups running complex, multi-country operations.</p><ul><li>Telecom suite plus orchestration, BPM and CCM platforms</li><li>Private cloud or on-premises deployment</li><li>Migration, managed operations and assurance services</li><li>Dedicated account and service delivery team</li></ul>',
      },
      experience: { value: '30', label: 'Years of domain expertise' },
    },
  };
}

export function buildTestimonials() {
  const page_data: PageData = {
    page_title: 'Customer Testimonials and Security | Veltrix',
    meta_keywords: 'Veltrix testimonials, customer reviews, ISO 27001, SOC 2, telecom software security',
    meta_description: 'What tower companies and telecom operators say about Veltrix, and the certifications that keep their data secure.',
    name: 'Trusted by Operators Worldwide',
    sub_text: 'Security you can verify, results our customers can vouch for',
    sub_text2: 'Independent certifications and the words of the teams who use Veltrix every day.',
    ...banner('company'),
  };
  return {
    page_data,
    security_section_heading: {
      name: 'Trusted by Operators Worldwide',
      sub_heading: 'Certified security and results our customers can vouch for',
    },
    security_section_loop: [
      {
        content_image: 'icons/shield.svg',
        title: 'ISO/IEC 27001 Certified',
        description:
          'Our information security management system is independently certified and audited every year, covering development, hosting and support.',
      },
      {
        content_image: 'icons/shield.svg',
        title: 'SOC 2 Type II Report',
        description:
          'Annual independent assurance of the controls protecting security, availability and confidentiality in our managed cloud.',
      },
      {
        content_image: 'icons/quote.svg',
        title: 'Head of Asset Management, Tallis Ridge Towers',
        description:
          '"In nine months we went from three conflicting registers to a verified record of every site. The equipment we found paid for the project."',
      },
      {
        content_image: 'icons/quote.svg',
        title: 'Billing Director, Quenby Telecom',
        description:
          '"Four billing systems became one without a single missed cycle. Our enterprise customers noticed the difference in the first month."',
      },
      {
        content_image: 'icons/quote.svg',
        title: 'Chief Commercial Officer, Marrowgate Infrastructure',
        description:
          '"Our tenants now apply, track and pay through one portal. Approval times have halved and our account managers finally have time to plan."',
      },
      {
        content_image: 'icons/quote.svg',
        title: 'Chief Financial Officer, Orvane Mobile',
        description:
          '"Segmented credit control cut our overdue receivables by a quarter, and complaints about collections went down, not up."',
      },
    ],
  };
}

export function buildBlogPage() {
  const page_data: PageData = {
    page_title: 'Blog | Veltrix Insights on Towers, Telecom and Billing',
    meta_keywords: 'Veltrix blog, tower company insights, telecom BSS, billing, orchestration, customer stories',
    meta_description:
      'Product news, customer stories and expert articles on tower company operations, telecom billing and digital transformation.',
    name: 'Insights & Stories',
    sub_text: 'The Veltrix Blog',
    sub_text2: 'Product updates, customer stories and practical advice from our experts.',
    ...banner('insights'),
  };
  return { page_data, filter_category: BLOG_CATEGORIES.map(({ name, slug }) => ({ name, slug })) };
}

export function buildAboutUs() {
  const page_data: PageData = {
    page_title: 'About Veltrix | Halcombe Group',
    meta_keywords: 'about Veltrix, Halcombe Group, telecom software company, tower company software vendor',
    meta_description:
      'Veltrix, the flagship brand of London-headquartered Halcombe Group, brings 30+ years of domain expertise to tower companies and telecom operators worldwide.',
    name: 'About Veltrix',
    sub_text: '30+ years of domain expertise',
    sub_text2:
      'The flagship brand of Halcombe Group, helping infrastructure and telecom businesses run better since the early days of mobile.',
    ...banner('company'),
    content:
      "<p>Veltrix is the flagship brand of Halcombe Group, headquartered in London. For more than thirty years our people have built and run the systems behind telecom networks and shared infrastructure, from the first digital billing platforms to today's cloud-native, AI-assisted operations.</p>" +
      '<p>We have offices in the UK, India, South Africa and the USA, and hubs in Dubai, Singapore and Nairobi, so our consultants, engineers and support teams are never far from the customers they serve.</p>',
    content2:
      '<h2>Vision</h2><p>A world where shared infrastructure is run with complete visibility and zero revenue leakage.</p>' +
      '<h2>Mission</h2><p>To give tower companies, telecom operators and subscription businesses connected software and services that automate their operations and make every customer interaction simple.</p>' +
      '<h2>Our USP</h2><ul><li>Deep domain expertise across towers, telecom and subscription businesses</li><li>One connected platform instead of a patchwork of point solutions</li><li>Services from migration to managed operations, delivered by the team that builds the product</li></ul>',
  };
  return { page_data };
}

interface TeamMember {
  name: string;
  position: string;
  image: string;
  description: string;
  linkedin: string;
  twitter: string;
  type: 'Leadership Team' | 'Advisory Board';
}

export function buildTeam() {
  const page_data: PageData = {
    page_title: 'Our Team | Veltrix Leadership and Advisory Board',
    meta_keywords: 'Veltrix leadership, management team, advisory board, Halcombe Group',
    meta_description: 'Meet the leadership team and advisory board guiding Veltrix and its customers across four continents.',
    name: 'Our Team',
    sub_text: 'The people behind Veltrix',
    sub_text2: 'Experienced leaders and advisors from telecom, infrastructure and software.',
    ...banner('company'),
  };
  const img = (n: number) => `team/member-${n}.svg`;
  const li = (handle: string) => `https://linkedin.example/in/${handle}`;
  const tw = (handle: string) => `https://twitter.example/${handle}`;
  const leader = (m: Omit<TeamMember, 'type'>): TeamMember => ({ ...m, type: 'Leadership Team' });
  const advisor = (m: Omit<TeamMember, 'type'>): TeamMember => ({ ...m, type: 'Advisory Board' });
  const team: TeamMember[] = [
    leader({
      name: 'Eleanor Whitcombe',
      position: 'Chief Executive Officer',
      image: img(1),
      description:
        'Eleanor leads Veltrix and Halcombe Group from London. She spent two decades in operator finance and transformation roles before joining the group, and has led its expansion into tower company software.',
      linkedin: li('eleanor-whitcombe'),
      twitter: tw('ewhitcombe'),
    }),
    leader({
      name: 'Rohan Deshpande',
      position: 'Chief Technology Officer',
      image: img(2),
      description:
        'Based in Pune, Rohan leads product engineering across the tower, telecom and platform portfolios. He drove the move to a cloud-native architecture and the introduction of AI-powered asset tracking.',
      linkedin: li('rohan-deshpande'),
      twitter: '',
    }),
    leader({
      name: 'Thandiwe Mokoena',
      position: 'Chief Operating Officer',
      image: img(3),
      description:
        'Thandiwe runs delivery, managed operations and support from Johannesburg. She has overseen more than forty platform migrations across Africa, the Middle East and Asia.',
      linkedin: li('thandiwe-mokoena'),
      twitter: tw('thandiwe_m'),
    }),
    leader({
      name: 'Marcus Hale',
      position: 'Chief Revenue Officer',
      image: img(4),
      description:
        'Marcus leads sales, partnerships and customer success from Dallas. He has built long-term relationships with tower companies and operators throughout the Americas.',
      linkedin: li('marcus-hale'),
      twitter: '',
    }),
    leader({
      name: 'Graham Ashdown',
      position: 'Chief Financial Officer',
      image: img(1),
      description:
        'Graham is responsible for finance, legal and commercial governance. A chartered accountant, he previously led finance for an infrastructure investment business.',
      linkedin: li('graham-ashdown'),
      twitter: '',
    }),
    leader({
      name: 'Ananya Kulkarni',
      position: 'Vice President, Product Management',
      image: img(2),
      description:
        'Ananya owns the product roadmap for the tower company suite. She works closely with customers to turn field realities into product features, from clause-level lease obligations to tenant self-service.',
      linkedin: li('ananya-kulkarni'),
      twitter: tw('ananya_builds'),
    }),
    leader({
      name: 'Farah Qureshi',
      position: 'Vice President, Customer Success',
      image: img(3),
      description:
        'Working from the Dubai hub, Farah leads customer success for the Middle East and Asia, ensuring every deployment delivers the outcomes agreed at the start.',
      linkedin: '',
      twitter: '',
    }),
    advisor({
      name: 'Dr Helen Marlowe',
      position: 'Advisor, Network Strategy',
      image: img(4),
      description:
        'Helen has advised operators and regulators on network sharing and spectrum strategy for over twenty-five years, and brings a policy perspective to the board.',
      linkedin: li('helen-marlowe'),
      twitter: '',
    }),
    advisor({
      name: 'Kwame Asante-Boateng',
      position: 'Advisor, Infrastructure Investment',
      image: img(1),
      description:
        'Kwame has led investments in tower and fibre portfolios across Africa and advises on the needs of infrastructure owners and their investors.',
      linkedin: li('kwame-asante-boateng'),
      twitter: tw('kwame_ab'),
    }),
    advisor({
      name: 'Sunil Mehra',
      position: 'Advisor, Telecom Operations',
      image: img(2),
      description:
        'A former chief operating officer of a mobile operator, Sunil advises on operational excellence and large-scale BSS transformation.',
      linkedin: '',
      twitter: '',
    }),
    advisor({
      name: 'Dana Whitfield',
      position: 'Advisor, Subscription Economy',
      image: img(3),
      description: 'Dana has built billing and pricing teams at several SaaS businesses and guides the subscription billing roadmap.',
      linkedin: li('dana-whitfield'),
      twitter: tw('danawhitfield'),
    }),
  ];
  return { page_data, team };
}

export function legalPage(kind: 'privacy-policy' | 'terms-and-conditions', content: string) {
  const privacy = kind === 'privacy-policy';
  const page_data: PageData = {
    page_title: privacy ? 'Privacy Policy | Veltrix' : 'Terms and Conditions | Veltrix',
    meta_keywords: privacy
      ? 'Veltrix privacy policy, data protection, GDPR, cookies'
      : 'Veltrix terms and conditions, website terms of use',
    meta_description: privacy
      ? 'How Veltrix and Halcombe Group collect, use and protect personal data when you visit our website or contact us.'
      : 'The terms that apply when you use the Veltrix website, download our content or submit an enquiry.',
    name: privacy ? 'Privacy Policy' : 'Terms and Conditions',
    sub_text: 'Last updated: 6 January 2026',
    sub_text2: privacy
      ? 'Your privacy matters to us. This policy explains how we handle your personal data.'
      : 'Please read these terms carefully before using our website.',
    ...banner('legal'),
    content,
  };
  return { page_data };
}
