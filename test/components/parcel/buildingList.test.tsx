import { screen, within } from '@testing-library/react';
import { BuildingList } from '../../../src/features/parcel/BuildingList';
import { renderWithProviders } from '../renderWithProviders';
import { buildingFixture } from '../search/searchFixtures';

/** The row of the building's facts whose label is `label`, as the drawer shows it. */
const rowValue = (label: string) => {
  const header = within(screen.getByTestId('building')).getByText(label);
  return header.closest('tr')?.querySelector('td')?.textContent;
};

describe('the buildings of a parcel', () => {
  it('shows the number of dwellings the register gives', () => {
    renderWithProviders(<BuildingList objects={[buildingFixture({ OBJ_UNI: 4 })]} />);
    expect(rowValue('Units')).toBe('4');
  });

  it('shows a dash, not 0, when the register gives no dwellings (an imported outline)', () => {
    renderWithProviders(<BuildingList objects={[buildingFixture({ OBJ_UNI: null })]} />);
    expect(rowValue('Units')).toBe('–');
  });
});
