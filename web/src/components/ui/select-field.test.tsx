// The UI kit's labelled select: its accessible name, hint and error wiring, choices from options and
// children, and onChange with the chosen value.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SelectField } from './select-field';

const options = [
  { value: 'elf', label: 'Elf' },
  { value: 'orc', label: 'Orc', disabled: true },
];

describe('SelectField', () => {
  it('is a combobox named by its label, with the options, the placeholder and the children', () => {
    render(
      <SelectField label="Race" value="" onChange={() => undefined} options={options} placeholder="Choose…">
        <optgroup label="More">
          <option value="dwarf">Dwarf</option>
        </optgroup>
      </SelectField>,
    );
    const select = screen.getByRole('combobox', { name: 'Race' }) as HTMLSelectElement;
    expect([...select.options].map((option) => [option.value, option.text, option.disabled])).toEqual([
      ['', 'Choose…', false],
      ['elf', 'Elf', false],
      ['orc', 'Orc', true],
      ['dwarf', 'Dwarf', false],
    ]);
    expect(select.getAttribute('aria-invalid')).toBeNull();
    expect(select.getAttribute('aria-describedby')).toBeNull();
  });

  it('calls onChange with the chosen value', () => {
    const onChange = vi.fn();
    render(<SelectField label="Race" value="elf" onChange={onChange} options={options} />);
    fireEvent.change(screen.getByLabelText('Race'), { target: { value: 'orc' } });
    expect(onChange).toHaveBeenCalledWith('orc');
  });

  it('ties the hint and the error to the field', () => {
    render(
      <SelectField label="Maximum" value={20} onChange={() => undefined} hint="Up to 100" error="Too high">
        <option value={20}>20</option>
      </SelectField>,
    );
    const select = screen.getByRole('combobox', { name: 'Maximum' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    const described = (select.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Up to 100',
      'Too high',
    ]);
    expect((select as HTMLSelectElement).value).toBe('20');
  });

  it('passes other select props and keeps the name of a label hidden from sight', () => {
    render(
      <SelectField
        label="Status of Aria"
        labelClassName="sr-only"
        value="ok"
        onChange={() => undefined}
        options={[{ value: 'ok', label: 'OK' }]}
        disabled
        required
        title="Status"
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Status of Aria' }) as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect(select.required).toBe(true);
    expect(select.title).toBe('Status');
    expect(screen.getByText('Status of Aria').className).toContain('sr-only');
  });
});
