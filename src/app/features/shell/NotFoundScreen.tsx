import { Card } from '#app/components/ui/Card';
import { ButtonLink } from '#app/components/ui/ButtonLink';
import { useDocumentTitle } from '#app/lib/useDocumentTitle';
import { useStoredLogin } from '#app/lib/useStoredLogin';
import { homePath } from '#app/lib/access';

export function NotFoundScreen() {
  useDocumentTitle('Page not found');
  const login = useStoredLogin();
  return (
    <Card width="narrow">
      <h1>Page not found</h1>
      <p>This page does not exist, or is not available yet.</p>
      <ButtonLink href={login ? homePath(login.loginType) : '/login'} variant="primary">
        {login ? 'Go to Home' : 'Go to Login'}
      </ButtonLink>
    </Card>
  );
}
