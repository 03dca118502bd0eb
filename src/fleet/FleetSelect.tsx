import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import { useTranslate } from 'react-admin';

/** What a choice is: its label's id (which names the select), the message keys of its label and of the first option (everything), its width. */
export interface FleetChoice {
  id: string;
  label: string;
  all: string;
  minWidth: number;
}

export interface FleetSelectProps {
  choice: FleetChoice;
  /** the chosen option's value; '' for everything */
  value: string | number;
  options: readonly { value: string | number; text: string }[];
  /** the chosen value as text; '' for everything */
  onChange: (value: string) => void;
}

/** One of Fleet's narrowing choices (a facility, a kiln): everything, or one of the options. */
export function FleetSelect({ choice: { id, label, all, minWidth }, value, options, onChange }: FleetSelectProps) {
  const translate = useTranslate();
  return (
    <FormControl size="small" sx={{ minWidth }}>
      <InputLabel id={id}>{translate(label)}</InputLabel>
      <Select labelId={id} label={translate(label)} value={value} onChange={(e) => onChange(String(e.target.value))}>
        <MenuItem value="">{translate(all)}</MenuItem>
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.text}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
