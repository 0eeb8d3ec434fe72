import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DocumentList } from './DocumentList.tsx';

const documents = [{ id: 'p', title: 'Prospectus', uri: 'https://example.com/p.pdf', hash: '0x01' }];

describe('DocumentList', () => {
  it('removes a document only after confirmation', async () => {
    const user = userEvent.setup();
    const onRemove = vi.fn();
    render(<DocumentList documents={documents} onView={() => {}} onRemove={onRemove} />);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onRemove).not.toHaveBeenCalled();
    const dialog = screen.getByRole('alertdialog', { name: 'Remove document' });
    expect(dialog).toHaveTextContent("Do you want to remove the document 'Prospectus' from this token?");
    await user.click(screen.getAllByRole('button', { name: 'Remove' }).at(-1)!);
    expect(onRemove).toHaveBeenCalledWith(documents[0]);
  });

  it('shows the empty texts and hides Remove for non-owners', () => {
    const { rerender } = render(<DocumentList documents={[]} onView={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'No documents availableThe owner did not attach any documents to this token yet.',
    );
    rerender(<DocumentList documents={documents} onView={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });
});
