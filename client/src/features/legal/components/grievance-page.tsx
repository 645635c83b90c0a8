import { Stack, Text } from '@chakra-ui/react';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/config';
import { LegalPage, P, PageLink, Points, Section } from './legal-page';

/** Days the grievance officer has to resolve a complaint when the server does not say (IT Rules 2021, rule 3(2)). */
const DEFAULT_RESPONSE_DAYS = 15;

/** The grievance officer's contact as the operator configured it (GET /config). */
export function GrievanceContact() {
  const officer = useAppConfig().data?.grievanceOfficer;
  if (!officer) return <P>The grievance officer&rsquo;s contact is loading; if it does not appear, write to us from the email address on your account.</P>;
  return (
    <Stack as="address" fontStyle="normal" gap={1} p={4} borderWidth="1px" borderColor="border" borderRadius="md">
      <Text fontWeight="semibold">{officer.name}</Text>
      <Text>
        Email: <a href={`mailto:${officer.email}`}>{officer.email}</a>
      </Text>
      {officer.phone ? <Text>Phone: {officer.phone}</Text> : null}
      {officer.address ? <Text>Address: {officer.address}</Text> : null}
    </Stack>
  );
}

export function GrievancePage() {
  const days = useAppConfig().data?.grievanceOfficer?.responseDays ?? DEFAULT_RESPONSE_DAYS;
  return (
    <LegalPage title="Grievances" lead="A complaint about your account, your money, a challenge's outcome or your personal data goes to our grievance officer.">
      <Section title="Grievance officer">
        <GrievanceContact />
      </Section>
      <Section title="How quickly we answer">
        <Points
          items={[
            'We acknowledge your complaint within 24 hours of receiving it.',
            `We resolve it, and tell you what we decided and why, within ${days} days (Information Technology (Intermediary Guidelines and Digital Media Ethics Code) Rules, 2021; Digital Personal Data Protection Act, 2023).`,
            'A missed check-in you think was our fault has a faster route: appeal it from the challenge within 48 hours of its window closing.',
          ]}
        />
      </Section>
      <Section title="What to include">
        <Points
          items={[
            'The email address of your WakeStake account (write from it if you can).',
            'The challenge date, or the transaction or order id (from Transactions in your wallet), that the complaint is about.',
            'What happened and what you would like us to do.',
          ]}
        />
        <P>We never ask for your password, UPI PIN, card number or OTP. Anyone who does is not us.</P>
      </Section>
      <Section title="If you are not satisfied">
        <P>
          For a complaint about your personal data you may then approach the Data Protection Board of India. For a consumer complaint you may call the National
          Consumer Helpline on 1915 or use consumerhelpline.gov.in.
        </P>
        <P>
          See also the <PageLink to={paths.privacy}>Privacy policy</PageLink> and the <PageLink to={paths.refunds}>Refund and cancellation policy</PageLink>.
        </P>
      </Section>
    </LegalPage>
  );
}
