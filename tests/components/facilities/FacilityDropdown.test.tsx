import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FacilityDropdown } from '../../../src/facilities/FacilityDropdown';
import { renderInAdmin } from '../support/renderInAdmin';

const ITEMS = [
  { id: 1, mnemonic: 'NCW', name: 'Nairobi Char Works' },
  { id: 2, mnemonic: 'KSM', name: 'Kisumu Biochar' },
];

describe('FacilityDropdown', () => {
  it('is 400 px wide and offers "mnemonic – name" items from the dropdown call', async () => {
    const onChange = vi.fn();
    const listFacilityOptions = vi.fn(async () => ITEMS);
    renderInAdmin(<FacilityDropdown value={null} onChange={onChange} />, { listFacilityOptions });
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: 'Facility' });
    expect(select.closest('.MuiTextField-root')).toHaveStyle({ width: '400px' });

    await user.click(select);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['NCW – Nairobi Char Works', 'KSM – Kisumu Biochar']);
    await user.click(screen.getByRole('option', { name: 'KSM – Kisumu Biochar' }));
    expect(onChange).toHaveBeenCalledWith(2);
    expect(listFacilityOptions).toHaveBeenCalledTimes(1);
  });
});
