// Long-form legal sample content. Realistic in structure and tone so the
// rich-text styles of the site get exercised; not legal advice.

const COMPANY = 'Halcombe Group Limited';

export const PRIVACY_POLICY = `
<p>This privacy policy explains how ${COMPANY} and its brand Veltrix ("Veltrix", "we", "us" or "our") collect, use, share and protect personal data when you visit our website, download our content, attend our events or contact us. We are committed to handling your data fairly, transparently and securely.</p>

<h2>1. Who we are</h2>
<p>${COMPANY} is a company registered in England and Wales, with its registered office at Halcombe House, 12 Carrow Yard, London EC2A 4QX, United Kingdom. For the purposes of data protection law, ${COMPANY} is the controller of the personal data described in this policy. Our subsidiaries in India, South Africa and the United States may act as joint controllers or processors where they respond to enquiries from their regions.</p>
<p>If you have any questions about this policy or how we handle your data, please contact our Data Protection Officer at <a href="mailto:privacy@veltrix.example">privacy@veltrix.example</a>.</p>

<h2>2. The personal data we collect</h2>
<p>We collect only the data we need for the purposes described below. Depending on how you interact with us, this may include:</p>
<ul>
  <li><strong>Identity and contact data:</strong> your name, job title, company name, business e-mail address and telephone number.</li>
  <li><strong>Enquiry data:</strong> the content of messages you send us through contact, demo, partner and download forms.</li>
  <li><strong>Recruitment data:</strong> your CV, employment history, qualifications and any other information you choose to include in a job application.</li>
  <li><strong>Technical data:</strong> your IP address, browser type and version, device information, time zone and the pages you visit on our website.</li>
  <li><strong>Marketing preferences:</strong> whether you have subscribed to our newsletter and your communication preferences.</li>
</ul>
<p>We do not knowingly collect special category data, and we ask that you do not include it in messages or applications unless it is necessary.</p>

<h2>3. How we use your personal data</h2>
<p>We use your personal data for the following purposes and on the following legal bases:</p>
<ul>
  <li>To respond to your enquiries, arrange demonstrations and provide the documents you request, on the basis of our legitimate interest in developing our business, or to take steps at your request before entering into a contract.</li>
  <li>To assess job applications and manage our recruitment process, on the basis of taking steps before entering into an employment contract and our legitimate interest in hiring suitable candidates.</li>
  <li>To send you our newsletter and information about products, services and events, where you have given consent or where we are permitted to do so for existing business contacts. You can opt out at any time.</li>
  <li>To operate, secure and improve our website, including preventing abuse of our forms, on the basis of our legitimate interests.</li>
  <li>To comply with legal and regulatory obligations, including record-keeping and responding to lawful requests from authorities.</li>
</ul>

<h2>4. Cookies and similar technologies</h2>
<p>Our website uses cookies to improve your browsing experience, analyse site traffic and improve our services. Strictly necessary cookies are always active because the website cannot function properly without them. Analytics cookies are used only if you accept them in the cookie banner. You can change your choice at any time by clearing cookies in your browser settings.</p>
<p>We use a human-verification service on our forms to protect against automated abuse. This service may collect device and interaction data in accordance with its own privacy terms.</p>

<h2>5. Sharing your personal data</h2>
<p>We do not sell your personal data. We share it only where necessary with:</p>
<ul>
  <li>other companies in Halcombe Group that help us respond to your enquiry or application;</li>
  <li>service providers who host our website, deliver e-mail, manage events or provide recruitment tools, under contracts that require them to protect your data and use it only on our instructions;</li>
  <li>professional advisers such as lawyers, auditors and insurers, where reasonably required;</li>
  <li>authorities, courts or regulators where we are legally required to do so.</li>
</ul>

<h2>6. International transfers</h2>
<p>Because we operate from offices in the UK, India, South Africa and the USA, and hubs in Dubai, Singapore and Nairobi, your personal data may be transferred to and accessed from countries outside the UK and the European Economic Area. Where this happens, we put in place appropriate safeguards, such as the international data transfer agreements and standard contractual clauses approved by the relevant authorities.</p>

<h2>7. How long we keep your data</h2>
<ul>
  <li>Enquiry and sales correspondence: up to three years after our last interaction with you.</li>
  <li>Unsuccessful job applications: up to twelve months after the position is filled, unless you ask us to keep your details for future opportunities.</li>
  <li>Newsletter subscriptions: until you unsubscribe, after which we keep a suppression record so that we do not contact you again.</li>
  <li>Website analytics: up to twenty-six months.</li>
</ul>

<h2>8. How we protect your data</h2>
<p>Our information security management system is certified to ISO/IEC 27001. We use encryption in transit and at rest, role-based access controls, multi-factor authentication and regular independent security testing. Access to personal data is limited to those who need it to do their jobs.</p>

<h2>9. Your rights</h2>
<p>Subject to applicable law, you have the right to:</p>
<ul>
  <li>request access to the personal data we hold about you;</li>
  <li>ask us to correct inaccurate or incomplete data;</li>
  <li>ask us to erase your data or restrict how we use it;</li>
  <li>object to processing based on our legitimate interests, including profiling for direct marketing;</li>
  <li>withdraw consent at any time, where we rely on consent;</li>
  <li>receive your data in a portable format.</li>
</ul>
<p>To exercise any of these rights, please e-mail <a href="mailto:privacy@veltrix.example">privacy@veltrix.example</a>. We will respond within one month. You also have the right to complain to the data protection authority in your country; in the UK this is the Information Commissioner's Office.</p>

<h2>10. Changes to this policy</h2>
<p>We may update this policy from time to time to reflect changes in our practices or in the law. The date at the top of this page shows when it was last revised. Where changes are significant, we will let you know by a notice on our website or, where appropriate, by e-mail.</p>
`.trim();

export const TERMS_AND_CONDITIONS = `
<p>These terms and conditions govern your use of the Veltrix website, operated by ${COMPANY} ("we", "us" or "our"). By accessing or using the website you agree to these terms. If you do not agree, please do not use the website.</p>

<h2>1. About these terms</h2>
<p>These terms apply to the website and the content, documents and forms available on it. They do not govern the supply of our software or services, which is subject to a separate written agreement signed by you and us. If there is any conflict between these terms and such an agreement, the agreement prevails.</p>

<h2>2. Use of the website</h2>
<p>You may use the website for lawful purposes connected with learning about our products and services, contacting us, or applying for a job with us. You must not:</p>
<ul>
  <li>use the website in any way that breaches applicable law or regulation;</li>
  <li>attempt to gain unauthorised access to the website, its servers or any connected systems;</li>
  <li>introduce viruses, malware or other harmful material;</li>
  <li>use automated tools to scrape, copy or monitor the website without our prior written consent;</li>
  <li>submit forms containing false information or on behalf of another person without authority.</li>
</ul>

<h2>3. Intellectual property</h2>
<p>The website and its content, including text, graphics, logos, product names, white papers, case studies and brochures, are owned by or licensed to Halcombe Group and are protected by copyright, trade mark and other intellectual property laws. Veltrix and the Veltrix logo are trade marks of ${COMPANY}.</p>
<p>You may view, download and print content for your own internal business evaluation, provided that you keep all copyright and proprietary notices intact. You may not modify, republish, sell or distribute any content without our prior written permission.</p>

<h2>4. Information on the website</h2>
<p>We take care to keep the information on the website accurate and up to date, but it is provided for general information only. Product descriptions, performance figures and customer results are illustrative and depend on each customer's circumstances. Nothing on the website constitutes an offer capable of acceptance or a binding commitment to supply any product or service.</p>
<ul>
  <li>Efficiency and accuracy figures are based on results reported by customers and measured against their own baselines.</li>
  <li>Roadmap items and planned features may change and should not be relied upon for purchasing decisions.</li>
  <li>Pricing information is indicative; binding prices are set out only in a signed order form.</li>
</ul>

<h2>5. Forms and downloads</h2>
<p>When you submit a contact, demo, partner, download or job application form, you confirm that the information you provide is accurate and that you are entitled to share it. We will handle the personal data you submit in accordance with our <a href="/privacy-policy">Privacy Policy</a>. Documents sent to you by e-mail are provided for your own use and may not be shared outside your organisation without our consent.</p>

<h2>6. Links to other websites</h2>
<p>The website may contain links to websites operated by partners, event organisers and other third parties. These links are provided for convenience only. We have no control over those websites and accept no responsibility for their content, availability or privacy practices.</p>

<h2>7. Availability</h2>
<p>We aim to keep the website available at all times but do not guarantee uninterrupted access. We may suspend, withdraw or change all or part of the website without notice, for example for maintenance or security reasons.</p>

<h2>8. Limitation of liability</h2>
<p>To the fullest extent permitted by law, we exclude all warranties and representations relating to the website and its content. We will not be liable for any indirect or consequential loss, or for any loss of profit, revenue, data or goodwill, arising from your use of, or inability to use, the website or reliance on its content.</p>
<p>Nothing in these terms excludes or limits our liability for death or personal injury caused by our negligence, for fraud or fraudulent misrepresentation, or for any other liability that cannot be excluded or limited under applicable law.</p>

<h2>9. Changes to these terms</h2>
<p>We may revise these terms at any time by updating this page. The date at the top of the page shows when the terms were last changed. Please check this page from time to time, as the terms in force when you use the website apply to you.</p>

<h2>10. Governing law and jurisdiction</h2>
<p>These terms and any dispute arising out of or in connection with them are governed by the laws of England and Wales. The courts of England and Wales have exclusive jurisdiction, except that we may bring proceedings in the courts of the country where you are based.</p>

<h2>11. Contact us</h2>
<p>If you have any questions about these terms, please write to us at Halcombe House, 12 Carrow Yard, London EC2A 4QX, United Kingdom, or e-mail <a href="mailto:legal@veltrix.example">legal@veltrix.example</a>.</p>
`.trim();
