import type { BeneficialOwner, ControlRole, InterestType } from './ownership.types';
import { formatPercent, formatRange, isZero } from './percent-range';

/** `seniorManagingOfficial` → `senior managing official`. */
export function describeInterestType(type: InterestType): string {
  const labels: Partial<Record<InterestType, string>> = {
    beneficiaryOfLegalArrangement: 'beneficiary',
    appointmentOfBoard: 'right to appoint the board',
    otherInfluenceOrControl: 'significant influence or control',
    controlViaCompanyRulesOrArticles: 'control through the articles',
    controlByLegalFramework: 'control by law',
  };
  return labels[type] ?? type.replace(/([A-Z])/g, ' $1').toLowerCase();
}

function describeRole(role: ControlRole, names: (id: string) => string): string {
  const target = names(role.via[role.via.length - 1] as string);
  const through = role.via.slice(1, -1).map(names);
  const via = through.length > 0 ? ` through ${through.join(' and ')}` : '';
  switch (role.type) {
    case 'otherInfluenceOrControl':
      return `has significant influence or control over ${target}${via}`;
    case 'appointmentOfBoard':
      return `has the right to appoint or remove the board of ${target}${via}`;
    case 'controlViaCompanyRulesOrArticles':
      return `controls ${target} through its articles${via}`;
    case 'controlByLegalFramework':
      return `controls ${target} by law${via}`;
    case 'rightsGrantedByContract':
    case 'conditionalRightsGrantedByContract':
      return `has ${describeInterestType(role.type)} in ${target}${via}`;
    default:
      return `is ${describeInterestType(role.type)} of ${target}${via}`;
  }
}

/** One sentence an officer can read: the verdict and the figures behind it. */
export function describeBeneficialOwner(
  owner: BeneficialOwner,
  subjectName: string,
  threshold: number,
  names: (id: string) => string,
): string {
  const facts: string[] = [];
  if (!isZero(owner.ownership)) {
    const parts = [];
    if (!isZero(owner.direct)) parts.push(`${formatRange(owner.direct)} directly`);
    if (!isZero(owner.indirect)) {
      const through = [...new Set(owner.paths.filter((p) => p.names.length > 2).flatMap((p) => p.names.slice(1, -1)))];
      parts.push(`${formatRange(owner.indirect)} indirectly${through.length > 0 ? ` through ${through.join(', ')}` : ''}`);
    }
    facts.push(
      `owns ${formatRange(owner.ownership)} of ${subjectName}${parts.length > 1 || !isZero(owner.indirect) ? ` (${parts.join(' and ')})` : ''}`,
    );
  }
  if (!isZero(owner.voting)) facts.push(`holds ${formatRange(owner.voting)} of the voting rights`);
  const roles = owner.controlRoles.map((role) => describeRole(role, names));
  if (roles.length > 0) facts.push([...new Set(roles)].join(', '));
  const summary = facts.length > 0 ? facts.join('; ') : `holds no recorded interest in ${subjectName}`;

  if (owner.isBeneficialOwner) {
    const why = owner.reasons.map((reason) => {
      switch (reason) {
        case 'ownership':
          return `ownership at or above ${formatPercent(threshold)}`;
        case 'voting':
          return `voting rights at or above ${formatPercent(threshold)}`;
        case 'control':
          return 'control without needing a share';
        case 'trust':
          return 'a role in a trust or arrangement that owns or controls the company';
        case 'seniorManagingOfficial':
          return `senior management, as no one owns or controls ${formatPercent(threshold)} or more`;
      }
    });
    return `${owner.name} is a beneficial owner of ${subjectName} (${why.join('; ')}): ${summary}.`;
  }
  if (owner.mayBeBeneficialOwner) {
    return `${owner.name} may be a beneficial owner of ${subjectName}: the declared figures do not settle whether the ${formatPercent(threshold)} threshold is reached; ${summary}.`;
  }
  return `${owner.name} is not a beneficial owner of ${subjectName}: ${summary}; that is neither ${formatPercent(threshold)} or more of the shares or votes nor control.`;
}
