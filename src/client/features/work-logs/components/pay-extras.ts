import type { Employer } from '../../../../shared/schemas/employers.ts';

type Rules = Pick<Employer, 'overtime' | 'premiums'>;
type EmployerExtras = Rules & { payRules: Rules[] };

/** Whether overtime rules of any kind are set (the engine's hasOvertime, on the API's shape). */
export function overtimeIsSet(overtime: Rules['overtime']): boolean {
  return (
    (overtime.daily?.length ?? 0) > 0 ||
    overtime.weekly !== undefined ||
    overtime.seventhDay === true ||
    overtime.period14 !== undefined
  );
}

const versionsOf = (employer: EmployerExtras): Rules[] => [...employer.payRules, employer];

/**
 * Whether any version of the employer's rules has premiums or overtime: then the dialog's
 * preview asks the server, which prices the shift with its week.
 */
export function hasPayExtras(employer: EmployerExtras | undefined): boolean {
  if (!employer) return false;
  return versionsOf(employer).some((v) => v.premiums.length > 0 || overtimeIsSet(v.overtime));
}

/** The premiums switched on by hand, from every version (the latest name of each). */
export function manualPremiumsOf(
  employer: EmployerExtras | undefined,
): { id: string; name: string }[] {
  if (!employer) return [];
  const byId = new Map<string, string>();
  for (const version of versionsOf(employer)) {
    for (const premium of version.premiums) {
      if (premium.manualOnly) byId.set(premium.id, premium.name);
    }
  }
  return [...byId].map(([id, name]) => ({ id, name }));
}
