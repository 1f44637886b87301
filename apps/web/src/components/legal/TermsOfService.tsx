/**
 * Terms of Service, written for Sanad with every figure the spec gives (AD-98 … AD-109). An
 * operator running their own installation may replace this file with their own terms.
 */
export default function TermsOfService() {
  return (
    <article aria-label="Terms of Service">
      <p>
        These terms govern the use of the Sanad service by the organisation that opens an account (&quot;you&quot;) and by its staff. By
        creating an account or using the service you accept them on behalf of your organisation.
      </p>

      <h2>1. The service</h2>
      <p>
        Sanad lets you verify the identity of your customers, onboard individuals and companies, screen names against watch lists, rate risk
        and review alerts. We provide the service as it is described in the product and its user guide, and we may improve it over time
        without reducing what your subscription includes.
      </p>

      <h2>2. Trial accounts</h2>
      <p>
        A trial account lets you try the service free of charge with a limited number of onboardings. A trial is for evaluation, not for
        production use. We may close a trial account, and delete its data, once nobody has signed in to it for 60 days.
      </p>

      <h2>3. Subscriptions, payment and cancellation</h2>
      <ul>
        <li>Subscriptions are paid in advance, each period before it starts, through our card payment provider.</li>
        <li>
          You may cancel a subscription at any time. It then stays in force until the end of the calendar month in which you cancel and ends
          there; we do not refund any part of that month.
        </li>
        <li>
          If a payment fails or is cancelled by you or your bank, we may charge an administration fee of 20 pounds (£20) for each such
          payment.
        </li>
        <li>All prices exclude value added tax (VAT), which is added at the rate that applies.</li>
        <li>We may suspend an account whose payment is overdue after telling you and giving you a reasonable time to pay.</li>
      </ul>

      <h2>4. Availability and maintenance</h2>
      <p>
        We aim to keep the service available at all times. Planned maintenance takes place in the downtime window of 00:00-06:00 (United
        Kingdom time); the service may be slow or unavailable during that window. We announce longer maintenance in advance.
      </p>

      <h2>5. Your responsibilities</h2>
      <ul>
        <li>Keep sign-in details secret, give access only to people who need it, and tell us at once about any unauthorised use.</li>
        <li>Use the service lawfully, for your own compliance work, and have a lawful basis for the customer data you process with it.</li>
        <li>Do not attempt to break, overload, copy or reverse engineer the service, or use it to build a competing product.</li>
      </ul>

      <h2>6. Your data</h2>
      <p>
        The data you put into the service remains yours. We process it only to provide the service and as your instructions and our data
        processing terms allow. Our Privacy Policy explains how we handle the personal data of the people who use the service.
      </p>

      <h2>7. Confidentiality</h2>
      <p>
        Each party keeps the other&apos;s confidential information secret and uses it only for the purposes of these terms. This duty
        continues for 5 years after the agreement ends. It does not cover information that is public through no fault of the receiving
        party, or that must be disclosed by law or to a regulator.
      </p>

      <h2>8. Non-solicitation</h2>
      <p>
        While the agreement lasts and for 6 months after it ends, neither party will solicit or employ any employee of the other who was
        involved in providing or using the service, without the other&apos;s written consent.
      </p>

      <h2>9. Breach and termination</h2>
      <p>
        If either party materially breaches these terms, the other may give written notice describing the breach. If a breach that can be
        remedied is not remedied within 14 days of that notice, the notifying party may end the agreement at once by further notice. Either
        party may also end it if the other becomes insolvent.
      </p>

      <h2>10. Liability</h2>
      <ul>
        <li>
          Our total liability under or in connection with these terms in any period of 12 months is limited to the amounts you paid us for
          the service in the 12 months before the event giving rise to the claim.
        </li>
        <li>Neither party is liable for loss of profit, revenue, goodwill or data that could have been restored, or for indirect loss.</li>
        <li>Nothing limits liability for death or personal injury caused by negligence, for fraud, or where the law does not allow it.</li>
        <li>
          A claim must be notified in writing within 3 months of the day the claiming party became aware, or ought reasonably to have become
          aware, of the facts giving rise to it; a claim notified later is barred.
        </li>
      </ul>

      <h2>11. Force majeure</h2>
      <p>
        Neither party is responsible for a delay or failure caused by events beyond its reasonable control. If such an event prevents the
        service for more than 30 days, either party may cancel the agreement by written notice without further liability.
      </p>

      <h2>12. Changes to these terms</h2>
      <p>
        We may update these terms. We will tell account administrators about material changes at least 30 days before they apply; continuing
        to use the service after that date means accepting them.
      </p>

      <h2>13. Governing law and jurisdiction</h2>
      <p>
        These terms and any dispute arising from them, including non-contractual disputes, are governed by the law of England and Wales. The
        courts of England and Wales have exclusive jurisdiction, except that either party may seek urgent relief in any competent court.
      </p>
    </article>
  );
}
