// Page sample content for the fictional vendor Veltrix (flagship brand of
// Halcombe Group, London). Names of partners, customers and people are invented.
import { BLOG_CATEGORIES, type BlogListItem } from './blog.ts';
import { buildWhitepapers } from './resources-whitepapers.ts';

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
    },
    common: {
      section_contact_us: {
        name: 'Get in Touch',
        description:
          '<p>Tell us about your network, your portfolio and your plans. A specialist from our <strong>London, Pune, Johannesburg or Dallas</strong> office will respond within one business day.</p>',
      },
      section_talk_to_our_and_join_us: {
        name: 'Talk to Our Experts',
        description:
          '<p>See how Veltrix helps tower companies and telecom operators automate operations, bill accurately and serve customers better.</p><p>Book a session with our solution consultants.</p>',
      },
    },
  };
}

/** Security certifications and customer testimonials (homepage.security_section_*, also served by /api/page/testimonials). */
const SECURITY_SECTION = {
  security_section_heading: {
    sub_heading: 'Certified security, and results our customers can vouch for',
  },
  security_section_loop: [
    {
      content_image: 'icons/shield.svg',
      title: 'ISO/IEC 27001 Certified',
      description:
        '<p>Our information security management system is independently certified and audited every year, covering <strong>development, hosting and support</strong>.</p>',
    },
    {
      content_image: 'icons/shield.svg',
      title: 'SOC 2 Type II Report',
      description:
        '<p>Annual independent assurance of the controls protecting security, availability and confidentiality in our managed cloud.</p>',
    },
    {
      content_image: 'icons/quote.svg',
      title: 'Head of Asset Management, Tallis Ridge Towers',
      description:
        '<p>“In nine months we went from three conflicting registers to a verified record of every site. The equipment we found paid for the project.”</p>',
    },
    {
      content_image: 'icons/quote.svg',
      title: 'Billing Director, Quenby Telecom',
      description:
        '<p>“Four billing systems became one without a single missed cycle. Our enterprise customers noticed the difference in the first month.”</p>',
    },
    {
      content_image: 'icons/quote.svg',
      title: 'Chief Commercial Officer, Marrowgate Infrastructure',
      description:
        '<p>“Our tenants now apply, track and pay through one portal. Approval times have halved and our account managers finally have time to plan.”</p>',
    },
    {
      content_image: 'icons/quote.svg',
      title: 'Chief Financial Officer, Orvane Mobile',
      description:
        '<p>“Segmented credit control cut our overdue receivables by a quarter, and complaints about collections went down, not up.”</p>',
    },
  ],
};

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
  const [b1, b2] = latestPosts;
  const blogCard = (post: BlogListItem) => ({
    image: post.image_thumbnail,
    category_name: post.cat_name,
    date: post.posted_date,
    name: post.name,
    short_description: post.short_description,
    type: 'blog',
    slug: post.slug,
  });
  // The newest white paper and the newest case study, exactly as the white-paper list serves them.
  const papers = buildWhitepapers().collection;
  const paperCard = (category: '1' | '2') => {
    const item = papers.find((w) => w.category === category)!;
    return {
      image: item.image,
      category_name: item.category_name,
      date: item.date,
      name: item.name,
      short_description: item.short_description,
      type: 'white-paper-case-study',
      slug: item.slug,
    };
  };
  return {
    page_data,
    homepage: {
      home_about: {
        name: 'Thirty Years of Telecom and Infrastructure Software',
        description:
          '<p>Veltrix is the flagship brand of <strong>Halcombe Group</strong>, headquartered in London. We design, deliver and operate software that helps tower companies, telecom operators and subscription businesses run their operations end to end.</p>' +
          '<p>With offices in the UK, India, South Africa and the USA, and hubs in Dubai, Singapore and Nairobi, our teams work alongside customers on every continent, from first workshop to long-term managed operations.</p>',
        image: 'products/about-veltrix.svg',
      },
      ...SECURITY_SECTION,
      resources_section_heading: {
        name: 'Latest Resources',
        sub_heading: 'Insights, white papers and case studies from our experts',
      },
      resources_section_loop: [blogCard(b1), blogCard(b2), paperCard('2'), paperCard('1')].sort((a, b) => b.date.localeCompare(a.date)),
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
  return { page_data, ...SECURITY_SECTION };
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
      '<h2>Our story</h2>' +
      '<p>Halcombe Group began in London as a small billing consultancy for the first digital mobile networks. As operators shared and later sold their towers, our teams followed the infrastructure: first with lease and revenue systems for the new tower companies, then with AI-assisted asset tracking and tenant self-service.</p>' +
      '<p>Today Veltrix combines that history into <strong>one connected product family</strong>, delivered and run by the people who build it.</p>',
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

/** All team and advisory board members (SPEC §3 Team/advisory member); each page's read serves its own group. */
export function buildTeamMembers(): TeamMember[] {
  const img = (n: number) => `team/member-${n}.svg`;
  const li = (handle: string) => `https://linkedin.example/in/${handle}`;
  const tw = (handle: string) => `https://twitter.example/${handle}`;
  const bio = (...paras: string[]) => paras.map((t) => `<p>${t}</p>`).join('');
  const leader = (m: Omit<TeamMember, 'type'>): TeamMember => ({ ...m, type: 'Leadership Team' });
  const advisor = (m: Omit<TeamMember, 'type'>): TeamMember => ({ ...m, type: 'Advisory Board' });
  // The seven leaders are the same people the about page shows (fixed there, SPEC §1).
  const team: TeamMember[] = [
    leader({
      name: 'Edward Halcombe',
      position: 'Group Chairman',
      image: img(1),
      description: bio(
        'Edward founded Halcombe Group in London and has guided its growth from a <strong>billing consultancy</strong> into a global software group.',
        'He chairs the group board and remains closely involved with the tower companies and operators that were among our first customers.',
      ),
      linkedin: li('edward-halcombe'),
      twitter: '',
    }),
    leader({
      name: 'Priya Raman',
      position: 'Chief Executive Officer',
      image: img(2),
      description: bio(
        'Priya leads Veltrix worldwide. Before joining the group she ran revenue assurance and transformation programmes for operators across Asia and Africa.',
      ),
      linkedin: li('priya-raman'),
      twitter: tw('priyaraman'),
    }),
    leader({
      name: 'Daniel Okafor',
      position: 'Chief Technology Officer',
      image: img(3),
      description: bio(
        'Daniel leads product engineering across the tower, telecom and platform portfolios. He is the architect of the Veltrix orchestration platform and its <em>low-code</em> integration layer.',
      ),
      linkedin: li('daniel-okafor'),
      twitter: '',
    }),
    leader({
      name: 'Sofia Marques',
      position: 'Chief Operating Officer',
      image: img(4),
      description: bio(
        'Sofia runs delivery, managed services and support from the Pune and Johannesburg centres, and has overseen more than forty platform migrations.',
      ),
      linkedin: li('sofia-marques'),
      twitter: tw('sofia_marques'),
    }),
    leader({
      name: 'Marcus Lindqvist',
      position: 'Chief Financial Officer',
      image: img(1),
      description: bio(
        'Marcus oversees the group’s finances, legal and commercial governance, and the commercial models behind our subscription offerings.',
      ),
      linkedin: li('marcus-lindqvist'),
      twitter: '',
    }),
    leader({
      name: 'Aisha Al-Mansouri',
      position: 'VP, Middle East & Africa',
      image: img(2),
      description: bio(
        'Working from the Dubai hub, Aisha leads the Dubai and Nairobi hubs and our partnerships with regional tower companies and operators.',
      ),
      linkedin: li('aisha-al-mansouri'),
      twitter: '',
    }),
    leader({
      name: 'James Whitaker',
      position: 'VP, Americas',
      image: img(3),
      description: bio(
        'James heads the Dallas office and looks after our tower, fibre and operator customers across North and Latin America.',
      ),
      linkedin: '',
      twitter: tw('jwhitaker'),
    }),
    advisor({
      name: 'Dr Helen Marlowe',
      position: 'Advisor, Network Strategy',
      image: img(4),
      description: bio(
        'Helen has advised operators and regulators on network sharing and spectrum strategy for over twenty-five years, and brings a policy perspective to the board.',
      ),
      linkedin: li('helen-marlowe'),
      twitter: '',
    }),
    advisor({
      name: 'Kwame Asante-Boateng',
      position: 'Advisor, Infrastructure Investment',
      image: img(1),
      description: bio(
        'Kwame has led investments in tower and fibre portfolios across Africa and advises on the needs of infrastructure owners and their investors.',
      ),
      linkedin: li('kwame-asante-boateng'),
      twitter: tw('kwame_ab'),
    }),
    advisor({
      name: 'Sunil Mehra',
      position: 'Advisor, Telecom Operations',
      image: img(2),
      description: bio(
        'A former chief operating officer of a mobile operator, Sunil advises on operational excellence and large-scale BSS transformation.',
      ),
      linkedin: '',
      twitter: '',
    }),
    advisor({
      name: 'Dana Whitfield',
      position: 'Advisor, Subscription Economy',
      image: img(3),
      description: bio('Dana has built billing and pricing teams at several SaaS businesses and guides the subscription billing roadmap.'),
      linkedin: li('dana-whitfield'),
      twitter: tw('danawhitfield'),
    }),
  ];
  return team;
}

export function buildTeam() {
  const page_data: PageData = {
    page_title: 'Our Team | Veltrix Leadership',
    meta_keywords: 'Veltrix leadership, management team, advisory board, Halcombe Group',
    meta_description: 'Meet the leadership team guiding Veltrix and its customers across four continents.',
    name: 'Our Team',
    sub_text: 'The people behind Veltrix',
    sub_text2: 'Experienced leaders and advisors from telecom, infrastructure and software.',
    ...banner('company'),
  };
  // /api/page/team serves the leadership team; /api/page/team-advisory-board the advisory board.
  return { page_data, team: buildTeamMembers().filter((m) => m.type === 'Leadership Team') };
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
