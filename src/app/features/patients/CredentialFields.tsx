import { Checkbox } from '#app/components/ui/Checkbox';
import { TextField } from '#app/components/ui/TextField';
import type { FieldGroupProps } from './patientFormParts.ts';

/**
 * Spec §4: a patient without a username is offered 'Add Username and Password', one with a username 'Update
 * Username and Password'; the fields are disabled, and nothing is sent, until the box is ticked.
 */
export function CredentialFields({ values, onChange, hasUsername }: FieldGroupProps & { hasUsername: boolean }) {
  const credentials = values.credentials;
  const set = (change: Partial<typeof credentials>) => onChange({ credentials: { ...credentials, ...change } });
  const isDisabled = !credentials.enabled;
  return (
    <fieldset className="credentials">
      <Checkbox isSelected={credentials.enabled} onChange={(enabled) => set({ enabled })}>
        {hasUsername ? 'Update Username and Password' : 'Add Username and Password'}
      </Checkbox>
      <TextField label="Username" autoComplete="off" isDisabled={isDisabled} value={credentials.username} onChange={(username) => set({ username })} />
      <div className="form-row">
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          isDisabled={isDisabled}
          value={credentials.password}
          onChange={(password) => set({ password })}
        />
        <TextField label="Password Hint" autoComplete="off" isDisabled={isDisabled} value={credentials.hint} onChange={(hint) => set({ hint })} />
      </div>
    </fieldset>
  );
}
