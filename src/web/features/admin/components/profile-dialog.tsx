import { ADMIN_MESSAGES } from '../../../../shared/schemas/admin';
import { type UserProfile, useUserProfile } from '../api/get-user-profile';
import { QueryDialog, type UserPanelProps } from './query-dialog';

const FIELDS: [label: string, value: (p: UserProfile) => string][] = [
  ['First name', (p) => p.firstName],
  ['Last name', (p) => p.lastName],
  ['Email', (p) => p.email],
  ['Business name', (p) => p.businessName],
  ['Industry', (p) => p.industry],
  ['Products and services', (p) => p.productsServices],
  ['Elevator pitch', (p) => p.elevatorPitch],
  ['Demographics', (p) => p.targetMarket.demographics],
  ['Psychographics', (p) => p.targetMarket.psychographics],
  ['Problems addressed', (p) => p.problemsAddressed],
  ['Unique selling proposition', (p) => p.usp],
  ['Short-term goals (6-12 months)', (p) => p.businessGoals.shortTerm],
  ['Long-term goals (1-5 years)', (p) => p.businessGoals.longTerm],
  ['Current challenges', (p) => p.currentChallenges],
  ['Additional details', (p) => p.additionalDetails],
];

/** 'Business Profile': the user's profile, read-only. */
export function ProfileDialog({ userId, open, onOpenChange }: UserPanelProps) {
  const profile = useUserProfile(userId, { enabled: open });
  return (
    <QueryDialog
      title="Business Profile"
      wide
      open={open}
      onOpenChange={onOpenChange}
      query={profile}
      failedMessage={ADMIN_MESSAGES.profileFailed}
    >
      {(data) => (
        <dl className="grid gap-3 sm:grid-cols-[12rem_1fr]">
          {FIELDS.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
              <dd className="whitespace-pre-wrap break-words text-sm">{value(data) || '—'}</dd>
            </div>
          ))}
        </dl>
      )}
    </QueryDialog>
  );
}
