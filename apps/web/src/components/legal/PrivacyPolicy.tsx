/**
 * Privacy Policy of the service's own users (staff of client organisations), written for Sanad
 * with every point the spec lists (AD-110 … AD-116). It does not cover the end customers whom clients
 * verify with the service: for them the client is the controller and Sanad a processor.
 */
export default function PrivacyPolicy() {
  return (
    <article aria-label="Privacy Policy">
      <p>
        <strong>This policy was last updated August 2021.</strong>
      </p>
      <p>
        This policy explains how the Sanad group collects and uses personal data about the people who use the Sanad service: the staff,
        administrators and team members of our client organisations, people who sign up for a trial, and people who contact us. Please read
        it together with our Terms of Service. It does not cover the customers whom our clients verify through the service: each client
        decides how their customers&apos; data is used and tells them so, and we process that data only on the client&apos;s instructions.
      </p>

      <h2>Who we are</h2>
      <p>The Sanad group is made up of the following entities, each a controller of the personal data it collects:</p>
      <ul>
        <li>Sanad Technologies Ltd, United Kingdom</li>
        <li>Sanad Technologies FZ-LLC, United Arab Emirates</li>
        <li>Sanad Technologies (Private) Limited, Pakistan</li>
        <li>Sanad Technologies Sdn. Bhd., Malaysia</li>
      </ul>
      <p>
        The entity that contracts with your organisation is responsible for your data; you can reach all of them through the contact form.
      </p>

      <h2>The data we collect</h2>
      <p>We group the personal data we may collect, use, store and transfer as follows:</p>
      <ul>
        <li>
          <strong>Identity</strong>: first and last name, username, job title and the organisation you work for.
        </li>
        <li>
          <strong>Contact</strong>: work e-mail address, telephone number and business address.
        </li>
        <li>
          <strong>Financial</strong>: billing details of the subscribing organisation; card numbers are held by our card payment provider,
          not by us.
        </li>
        <li>
          <strong>Transaction</strong>: the subscriptions and payments of your organisation.
        </li>
        <li>
          <strong>Technical</strong>: IP address, browser type and version, time zone, device information and sign-in records.
        </li>
        <li>
          <strong>Profile</strong>: your role and permissions, preferences and password (stored only as a one-way hash).
        </li>
        <li>
          <strong>Usage</strong>: how you use the service, such as the screens you open and the actions recorded in the audit trail.
        </li>
        <li>
          <strong>Marketing and Communications</strong>: your preferences about receiving news from us.
        </li>
      </ul>
      <p>
        We do not collect any special categories of personal data about you (such as health, religion, political opinions or trade union
        membership), and we do not collect biometric data about you.
      </p>

      <h2>Purposes and lawful bases</h2>
      <ul>
        <li>To create and manage your account and provide the service: performance of a contract.</li>
        <li>To take payment and keep accounting records: performance of a contract and our legal obligations.</li>
        <li>To keep the service secure, detect misuse and keep an audit trail: our legitimate interests and legal obligations.</li>
        <li>To answer your questions and tell you about changes to the service or these terms: our legitimate interests.</li>
        <li>To send you news about our products: your consent, or our legitimate interests where the law allows.</li>
      </ul>

      <h2>Marketing and how to opt out</h2>
      <p>
        We send marketing messages only to people who asked for them or who are existing clients. You can opt out at any time with the link
        in every such message or through the contact form. Opting out does not stop messages about your account and the service.
      </p>

      <h2>Cookies</h2>
      <p>
        The service uses only what it needs to work: your browser keeps your session and display settings in local storage. You can clear
        them in your browser at any time, which signs you out.
      </p>

      <h2>Disclosures</h2>
      <p>We may share your personal data with:</p>
      <ul>
        <li>other entities of the Sanad group, to provide and support the service;</li>
        <li>service providers who act on our instructions, such as hosting, e-mail delivery and card payment providers;</li>
        <li>professional advisers, regulators, courts and authorities where the law requires it;</li>
        <li>a buyer of all or part of our business, who may use the data as this policy describes.</li>
      </ul>
      <p>We require everyone we share data with to keep it secure and to use it only for the purposes we allow.</p>

      <h2>International transfers</h2>
      <p>
        Because the group operates in several countries, your data may be transferred between them. When we transfer personal data out of
        the United Kingdom, we make sure it receives an equivalent degree of protection, through an adequacy decision or standard
        contractual clauses approved for that purpose.
      </p>

      <h2>Security</h2>
      <p>
        We protect personal data with encryption in transit and at rest, role-based access, hashed passwords, one-time codes for sensitive
        changes and a tamper-evident audit trail. Only people who need to know can reach your data, and they are bound to confidentiality.
        We will tell you and the regulator about a breach where the law requires it.
      </p>

      <h2>Retention</h2>
      <p>
        We keep personal data only as long as we need it for the purposes above, including legal, accounting and reporting requirements.
        Account data is kept while the account exists and for up to six years afterwards for legal and tax purposes; sign-in records are
        kept for one year.
      </p>

      <h2>Your rights</h2>
      <p>Under data protection law you have the right to:</p>
      <ul>
        <li>
          <strong>access</strong> your personal data and receive a copy of it;
        </li>
        <li>
          have incomplete or inaccurate data <strong>corrected</strong>;
        </li>
        <li>
          ask for its <strong>erasure</strong> where there is no good reason for us to keep it;
        </li>
        <li>
          <strong>object</strong> to processing based on our legitimate interests, and to direct marketing;
        </li>
        <li>
          ask for the <strong>restriction</strong> of processing, for example while we check its accuracy;
        </li>
        <li>
          ask for the <strong>transfer</strong> of your data to you or to another organisation in a machine-readable form;
        </li>
        <li>
          <strong>withdraw consent</strong> at any time where we rely on consent, without affecting what was done before.
        </li>
      </ul>
      <p>
        You will not usually have to pay a fee to exercise these rights; we may charge a reasonable fee, or refuse, if a request is clearly
        unfounded or excessive. We try to answer every valid request within one month; a complex request may take longer, and we will tell
        you if it does. You may also complain to the data protection authority of your country.
      </p>

      <h2>Glossary</h2>
      <dl>
        <dt>Controller</dt>
        <dd>The organisation that decides why and how personal data is processed.</dd>
        <dt>Processor</dt>
        <dd>An organisation that processes personal data on behalf of a controller and on its instructions.</dd>
        <dt>Legitimate interest</dt>
        <dd>The interest of our business in running and improving the service, weighed against your rights.</dd>
        <dt>Performance of a contract</dt>
        <dd>Processing needed to provide what we agreed with you or your organisation, or to take steps you asked for before agreeing.</dd>
        <dt>Legal obligation</dt>
        <dd>Processing needed to comply with a law that applies to us.</dd>
        <dt>Special categories of personal data</dt>
        <dd>Data about racial or ethnic origin, beliefs, health, sex life, trade union membership, and genetic and biometric data.</dd>
      </dl>
    </article>
  );
}
