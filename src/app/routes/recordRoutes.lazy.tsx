import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { CliniciansScreen } from '#app/features/clinicians/CliniciansScreen';
import { ClinicsScreen } from '#app/features/clinics/ClinicsScreen';

const clinicians = getRouteApi('/$type/clinicians');

export const cliniciansLazyRoute = createLazyRoute('/$type/clinicians')({
  component: function CliniciansPage() {
    const { type } = clinicians.useParams();
    const { add } = clinicians.useSearch();
    const navigate = clinicians.useNavigate();
    return (
      <CliniciansScreen
        key={type}
        type={type}
        isAddOpen={add === 'clinician'}
        onAddOpenChange={(open) => void navigate({ search: open ? { add: 'clinician' } : {}, replace: true })}
      />
    );
  },
});

const clinics = getRouteApi('/admin/clinics');

export const clinicsLazyRoute = createLazyRoute('/admin/clinics')({
  component: function ClinicsPage() {
    const { add } = clinics.useSearch();
    const navigate = clinics.useNavigate();
    return (
      <ClinicsScreen
        isAddOpen={add === 'clinic'}
        onAddOpenChange={(open) => void navigate({ search: open ? { add: 'clinic' } : {}, replace: true })}
      />
    );
  },
});
