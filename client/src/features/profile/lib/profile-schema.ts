// The profile page's edit form: every field as the page edits it (phones as their 10 digits), cleaned into the
// PUT /auth/profile body. It adds no check of its own: the server's rules answer (its message shows above the form).
import type { ProfileUpdate } from '@/lib/auth';
import { phoneForServer, phoneFromServer } from '@/lib/phone';
import { z, type Fills } from '@/lib/forms/schema';
import type { User } from '@/types/api';

const text = z.string().check(z.trim());
/** An optional text: cleared, it is sent as null. */
const optional = z.pipe(
  text,
  z.transform((v) => v || null),
);

export const profileSchema = z.pipe(
  z.object({
    fullName: text,
    phoneNumber: z.string(),
    dateOfBirth: z.string(),
    gender: z.string(),
    city: text,
    occupation: z.string(),
    institutionName: optional,
    preferredWakeUpTime: optional,
    emergencyContact: z.string(),
  }),
  z.transform((d) => ({ ...d, phoneNumber: phoneForServer(d.phoneNumber), emergencyContact: d.emergencyContact ? phoneForServer(d.emergencyContact) : null })),
) satisfies Fills<Required<Omit<ProfileUpdate, 'settings'>>>;

export type ProfileForm = z.input<typeof profileSchema>;
export type ProfileValues = z.output<typeof profileSchema>;

/** The form as the saved user fills it. */
export function profileFormOf(user: User | null): ProfileForm {
  return {
    fullName: user?.fullName ?? '',
    phoneNumber: phoneFromServer(user?.phoneNumber),
    dateOfBirth: user?.dateOfBirth ?? '',
    gender: user?.gender ?? '',
    city: user?.city ?? '',
    occupation: user?.occupation ?? '',
    institutionName: user?.institutionName ?? '',
    preferredWakeUpTime: user?.preferredWakeUpTime ?? '',
    emergencyContact: phoneFromServer(user?.emergencyContact),
  };
}

/** Only what changed goes to PUT /auth/profile (both sides cleaned alike; optional texts cleared become null). */
export function profileChanges(before: ProfileForm, after: ProfileValues): ProfileUpdate {
  const saved = profileSchema.parse(before);
  const update: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof ProfileValues)[]) if (after[key] !== saved[key]) update[key] = after[key];
  return update as ProfileUpdate;
}
