// The server's allowed values (SPEC.md section 5; occupation needed for a complete profile).
export const GENDERS = ['Male', 'Female', 'Other', 'Prefer not to say'] as const;
export const OCCUPATIONS = [
  { value: 'student', label: 'Student' },
  { value: 'working-professional', label: 'Working professional' },
  { value: 'other', label: 'Other' },
] as const;

export function occupationLabel(value: string | null | undefined): string | undefined {
  return OCCUPATIONS.find((o) => o.value === value)?.label ?? value ?? undefined;
}
