import { IMAGE_MAX_BYTES } from '../../../lib/post-limits';
import { imageFileProblem } from './image-file';

describe(imageFileProblem.name, () => {
  it('accepts an image up to 25 MB', () => {
    expect(IMAGE_MAX_BYTES).toBe(25 * 1024 * 1024);
    expect(imageFileProblem({ type: 'image/png', size: IMAGE_MAX_BYTES })).toBeNull();
  });

  it('refuses anything larger', () => {
    expect(imageFileProblem({ type: 'image/jpeg', size: IMAGE_MAX_BYTES + 1 })).toEqual({
      title: 'File too large',
      description: 'Please select an image smaller than 25MB.',
    });
  });

  it('refuses what is not an image', () => {
    expect(imageFileProblem({ type: 'application/pdf', size: 10 })).toEqual({
      title: 'Invalid file type',
      description: 'Please select an image file.',
    });
    expect(imageFileProblem({ type: '', size: 10 })).not.toBeNull();
  });
});
