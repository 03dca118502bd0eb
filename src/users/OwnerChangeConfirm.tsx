import { useState, type ReactNode } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { UserFormValues } from '../domain/userValidation';
import type { PageFormSave } from '../forms/pageForm';
import { accessPayload, facilitiesChangingOwner } from './userForm';
import { facilityLabel, useFacilityOptions } from './useFacilityOptions';

/**
 * The save of a Users form, made to ask first when a chosen facility belongs
 * to another user now, naming the owner (the server records the move in both
 * users' changes, and refuses it to anyone but a super-admin).
 */
export function useOwnerChangeConfirm(userId: number | undefined, save: PageFormSave): { save: PageFormSave; dialog: ReactNode } {
  const translate = useTranslate();
  const options = useFacilityOptions();
  const [pending, setPending] = useState<{ values: FieldValues; moving: string } | null>(null);

  const submit = async (values: FieldValues) => {
    const moving = facilitiesChangingOwner(options.data ?? [], accessPayload(values as UserFormValues).facility_ids, userId);
    if (moving.length === 0) return save.submit(values);
    const named = moving.map((f) =>
      translate('users.ownedBy', { facility: facilityLabel(f), owner: f.owner_username ?? `#${f.owner_id}` }),
    );
    setPending({ values, moving: named.join('; ') });
  };

  const dialog = (
    <Confirm
      isOpen={pending !== null}
      title="users.moveTitle"
      content={translate('users.moveText', { facilities: pending?.moving ?? '' })}
      confirm="users.moveConfirm"
      onConfirm={() => {
        if (pending) void save.submit(pending.values);
        setPending(null);
      }}
      onClose={() => setPending(null)}
    />
  );
  return { save: { ...save, submit }, dialog };
}
