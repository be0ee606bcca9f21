import { useNavigate, useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { passwordProblem, usernameProblem } from '#shared/auth/loginCheck';
import { LOGIN_TITLES, type UserType } from '#shared/auth/userTypes';
import { Button } from '#app/components/ui/Button';
import { Card } from '#app/components/ui/Card';
import { endedSessionStore } from '#app/lib/endedSession';
import { TextField } from '#app/components/ui/TextField';
import { dismissNotifications, notify } from '#app/components/ui/Toast';
import { afterLoginHref } from '#app/lib/access';
import { formText } from '#app/lib/formText';
import { loginStore } from '#app/lib/storedLogin';
import { useDocumentTitle } from '#app/lib/useDocumentTitle';
import { useLogIn, type LoginOutcome } from './api/logIn.ts';
import { OFFLINE_WELCOME } from './loginMessages.ts';
import { EndedSessionNotice } from './EndedSessionNotice.tsx';

export type LoginScreenProps = { type: UserType; redirect: string | undefined };

export function LoginScreen({ type, redirect }: LoginScreenProps) {
  const title = LOGIN_TITLES[type];
  useDocumentTitle(title);
  const navigate = useNavigate();
  const router = useRouter();
  const logIn = useLogIn(type);
  const [formError, setFormError] = useState<string | null>(null);
  const [isLanding, setLanding] = useState(false);

  /**
   * The next page's code and data are loaded before the address changes, so the login form never shows under the
   * home page's address and the home page appears whole (not 'Loading...' first).
   */
  const land = async (href: string): Promise<void> => {
    setLanding(true);
    try {
      const url = new URL(href, window.location.origin);
      // The address is only known at run time (a redirect back to any page), so not as one of the typed routes.
      const target = { to: url.pathname, search: Object.fromEntries(url.searchParams) };
      await router.preloadRoute(target as unknown as Parameters<typeof router.preloadRoute>[0]);
    } catch {
      // The page shows its own error once there.
    }
    await navigate({ href, replace: true });
  };

  const onOutcome = (outcome: LoginOutcome): void => {
    switch (outcome.kind) {
      case 'success':
        loginStore.write(outcome.login);
        endedSessionStore.loggedIn(outcome.login);
        dismissNotifications();
        if (outcome.offline) notify(OFFLINE_WELCOME, 'info');
        void land(afterLoginHref(type, redirect));
        return;
      case 'rejected':
        // docs/spec.md §8: the server's message goes to an alert and to the form's error field.
        notify(outcome.error, 'error');
        setFormError(outcome.error);
        return;
      case 'unavailable':
        setFormError(outcome.error);
        return;
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setFormError(null);
    logIn.mutate(
      { username: formText(data, 'username'), password: formText(data, 'password') },
      { onSuccess: onOutcome },
    );
  };

  return (
    <Card width="narrow">
      <h1 id="login-title">{title}</h1>
      <EndedSessionNotice />
      <Form onSubmit={onSubmit} className="form" aria-labelledby="login-title" aria-describedby="login-error">
        <TextField name="username" label="Username" autoComplete="username" isRequired validate={usernameProblem} />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          isRequired
          validate={passwordProblem}
        />
        <p id="login-error" className="form-error" aria-live="polite">
          {formError}
        </p>
        <div className="actions">
          <Button type="submit" isPending={logIn.isPending || isLanding}>
            Login
          </Button>
          <Button variant="secondary" onPress={() => void navigate({ to: '/login', search: { redirect } })}>
            Back
          </Button>
        </div>
      </Form>
    </Card>
  );
}
