import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { CHOOSABLE_LOGINS, DEFAULT_LOGIN_TYPE, isUserType, type UserType } from '#shared/auth/userTypes';
import { Button } from '#app/components/ui/Button';
import { Card } from '#app/components/ui/Card';
import { useDocumentTitle } from '#app/lib/useDocumentTitle';
import { EndedSessionNotice } from './EndedSessionNotice.tsx';

export type ChooseLoginScreenProps = { redirect: string | undefined };

/** docs/spec.md §2 /login: pick Patient, Clinician or Clinic; the admin has its own address. */
export function ChooseLoginScreen({ redirect }: ChooseLoginScreenProps) {
  useDocumentTitle('Login');
  const navigate = useNavigate();
  const [type, setType] = useState<UserType>(DEFAULT_LOGIN_TYPE);

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    void navigate({ to: '/$type/login', params: { type }, search: { redirect } });
  };

  return (
    <Card width="narrow">
      <h1>Login</h1>
      <EndedSessionNotice />
      <form onSubmit={onSubmit} className="form">
        <RadioGroup
          value={type}
          onChange={(value) => {
            if (isUserType(value)) setType(value);
          }}
          className="radio-group"
        >
          <Label className="field__label">I am a</Label>
          {CHOOSABLE_LOGINS.map((choice) => (
            <Radio key={choice.type} value={choice.type} className="radio">
              {choice.label}
            </Radio>
          ))}
        </RadioGroup>
        <div className="actions">
          <Button type="submit">Go To Login</Button>
        </div>
      </form>
    </Card>
  );
}
