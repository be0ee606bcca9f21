import { ButtonLink } from '#app/components/ui/ButtonLink';
import { HomeCard } from './HomeCard.tsx';

const ADD_ACTIONS = [
  { label: 'Add Clinic', href: '/admin/clinics?add=clinic' },
  { label: 'Add Clinician', href: '/admin/clinicians?add=clinician' },
  { label: 'Add Patient', href: '/admin/patients?add=patient' },
] as const;

const PAGES = [
  { label: 'Patients', href: '/admin/patients' },
  { label: 'Clinicians', href: '/admin/clinicians' },
  { label: 'Clinics', href: '/admin/clinics' },
  { label: 'Sessions', href: '/admin/sessions' },
  { label: 'Changelog', href: '/admin/changelog' },
  { label: 'Audit Log', href: '/admin/audit-log' },
] as const;

/** docs/spec.md §2 /admin/home. The admin cannot change its own password here (docs/spec.md §6). */
export function AdminHome() {
  return (
    <HomeCard title="Administrator Home">
      <div className="actions actions--top">
        {ADD_ACTIONS.map((action) => (
          <ButtonLink key={action.href} href={action.href} variant="primary">
            {action.label}
          </ButtonLink>
        ))}
      </div>
      <nav aria-label="Administration" className="tile-grid">
        {PAGES.map((page) => (
          <ButtonLink key={page.href} href={page.href}>
            {page.label}
          </ButtonLink>
        ))}
      </nav>
    </HomeCard>
  );
}
