import { describe, expect, it } from 'vitest';
import { CapabilitySet, DEFAULT_ROLE_CAPABILITIES, withGrants } from './capability-sets.js';

describe('withGrants', () => {
  it("adds a user's own grants to their roles' capabilities and takes denials away", () => {
    const author = DEFAULT_ROLE_CAPABILITIES.of(['author']);
    const caps = withGrants(author, { edit_others_posts: true, publish_posts: false });
    expect(caps.has('edit_others_posts')).toBe(true);
    expect(caps.has('publish_posts')).toBe(false);
    expect(caps.has('edit_posts')).toBe(true);
    expect(caps.allcaps).toMatchObject({ edit_others_posts: true, publish_posts: false, author: true });
    expect(caps.record.publish_posts).toBeUndefined();
    // The shared set of the role is untouched.
    expect(author.has('publish_posts')).toBe(true);
    expect(author.has('edit_others_posts')).toBe(false);
  });

  it('shows allcaps as the plain record when nothing is denied', () => {
    const caps = new CapabilitySet(['read']);
    expect(caps.allcaps).toBe(caps.record);
    expect(caps.allcaps).toEqual({ read: true });
  });
});
