import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import en from '../../../lang/en.json';
import { ListScaffold, type ListQueryState } from './list-scaffold.tsx';

function renderList(query: ListQueryState, empty = false) {
  render(
    <IntlProvider locale="en" messages={en}>
      <ListScaffold
        query={query}
        empty={empty}
        filters={<input aria-label="Search" />}
        errorText="The requests could not be loaded."
        emptyText="No requests"
        pager={<nav>pager</nav>}
      >
        <table>
          <tbody>
            <tr>
              <td>row</td>
            </tr>
          </tbody>
        </table>
      </ListScaffold>
    </IntlProvider>,
  );
}

describe('list scaffold', () => {
  it('shows a failed load as the error with a retry, never as an empty list, and keeps the filters', () => {
    const refetch = vi.fn();
    renderList({ isPending: false, isError: true, refetch }, true);
    expect(screen.getByTestId('list-error').textContent).toContain('The requests could not be loaded.');
    expect(screen.queryByText('No requests')).toBeNull();
    expect(screen.queryByText('row')).toBeNull();
    expect(screen.queryByText('pager')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows a labelled spinner while the first page loads', () => {
    renderList({ isPending: true, isError: false });
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByText('row')).toBeNull();
  });

  it('says so when a loaded page has no rows, and shows rows with the pager otherwise', () => {
    renderList({ isPending: false, isError: false }, true);
    expect(screen.getByTestId('list-empty').textContent).toBe('No requests');
    expect(screen.queryByText('pager')).toBeNull();
  });

  it('shows the rows and the pager of a loaded page', () => {
    renderList({ isPending: false, isError: false });
    expect(screen.getByText('row')).toBeTruthy();
    expect(screen.getByText('pager')).toBeTruthy();
  });
});
