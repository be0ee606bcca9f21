import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { updateOwnPasswordSchema } from '#shared/api/account';
import type { UserType } from '#shared/auth/userTypes';
import { Button } from '#app/components/ui/Button';
import { Dialog } from '#app/components/ui/Dialog';
import { TextField } from '#app/components/ui/TextField';
import { notify } from '#app/components/ui/Toast';
import { serverErrorOf } from '#app/lib/api';
import { formText } from '#app/lib/formText';
import { loginStore } from '#app/lib/storedLogin';
import { problemFrom } from '#app/lib/validation';
import { useChangeOwnPassword } from './api/changeOwnPassword.ts';
import { checkPasswordChange, reportError, reportResult, type PasswordChangeReport } from './passwordChange.ts';

const passwordProblem = problemFrom(updateOwnPasswordSchema.shape.NewPassword);
const currentProblem = problemFrom(updateOwnPasswordSchema.shape.CurrentPassword);

/** The Change Password button of the home pages and its dialog (docs/spec.md §2, §5, §8). */
export function ChangePasswordButton({ type }: { type: UserType }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        Change Password
      </Button>
      <Dialog title="Change Password" isOpen={isOpen} onOpenChange={setOpen}>
        {(close) => <ChangePasswordForm type={type} onDone={close} />}
      </Dialog>
    </>
  );
}

function ChangePasswordForm({ type, onDone }: { type: UserType; onDone: () => void }) {
  const change = useChangeOwnPassword();
  // docs/spec.md §6: a clinic changes its admin account's password, and the form says so.
  const noun = type === 'clinic' ? 'Admin Password' : 'Password';

  const show = (report: PasswordChangeReport): void => {
    notify(report.message, report.succeeded ? 'success' : 'error');
    if (report.succeeded) onDone();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const current = formText(data, 'current');
    const password = formText(data, 'password');
    const check = checkPasswordChange(type, password, formText(data, 'confirmation'));
    if (!check.ok) {
      notify(check.message, 'error');
      return;
    }
    change.mutate(
      { owner: check.owner, current, password },
      {
        onSuccess: (result) => show(reportResult(result)),
        onError: (error) => {
          // A dead token has already logged the user out and left the page; nothing to add.
          if (!loginStore.read()) return;
          void serverErrorOf(error).then((message) => show(reportError(message)));
        },
      },
    );
  };

  return (
    <Form onSubmit={onSubmit} className="form">
      {/* The current password proves that whoever holds this session is its owner (OWASP ASVS 4.0 §2.1.5). */}
      <TextField
        name="current"
        label={`Current ${noun}`}
        type="password"
        autoComplete="current-password"
        isRequired
        validate={currentProblem}
        autoFocus
      />
      <TextField
        name="password"
        label={`New ${noun}`}
        type="password"
        autoComplete="new-password"
        isRequired
        validate={passwordProblem}
      />
      {/* Not required: an empty confirmation is a mismatch, and the specification (docs/spec.md) names that message. */}
      <TextField name="confirmation" label={`Confirm ${noun}`} type="password" autoComplete="new-password" />
      <div className="actions">
        <Button type="submit" isPending={change.isPending}>
          Update
        </Button>
        <Button variant="secondary" slot="close">
          Cancel
        </Button>
      </div>
    </Form>
  );
}
