import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { loginRequestSchema } from '#shared/auth/login';
import { LOGIN_TITLES, type UserType } from '#shared/auth/userTypes';
import { Button } from '#app/components/ui/Button';
import { Card } from '#app/components/ui/Card';
import { TextField } from '#app/components/ui/TextField';
import { dismissNotifications, notify } from '#app/components/ui/Toast';
import { afterLoginHref } from '#app/lib/access';
import { formText } from '#app/lib/formText';
import { loginStore } from '#app/lib/storedLogin';
import { useDocumentTitle } from '#app/lib/useDocumentTitle';
import { problemFrom } from '#app/lib/validation';
import { useLogIn, type LoginOutcome } from './api/logIn.ts';

const usernameProblem = problemFrom(loginRequestSchema.shape.username);
const passwordProblem = problemFrom(loginRequestSchema.shape.password);

export type LoginScreenProps = { type: UserType; redirect: string | undefined };

export function LoginScreen({ type, redirect }: LoginScreenProps) {
  const title = LOGIN_TITLES[type];
  useDocumentTitle(title);
  const navigate = useNavigate();
  const logIn = useLogIn(type);
  const [formError, setFormError] = useState<string | null>(null);

  const onOutcome = (outcome: LoginOutcome): void => {
    switch (outcome.kind) {
      case 'success':
        loginStore.write(outcome.login);
        dismissNotifications();
        void navigate({ href: afterLoginHref(type, redirect), replace: true });
        return;
      case 'rejected':
        // Spec §8: the server's message goes to an alert and to the form's error field.
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
          <Button type="submit" isPending={logIn.isPending}>
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
