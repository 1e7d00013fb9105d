/**
 * The content package's error codes, in one table: the original's codes for users,
 * application passwords and sessions, with their statuses and default messages. The stores
 * and routes throw {@link RestError}s made from it (`contentError('existing_user_login')`),
 * so what a store refuses reaches the client as it is. `docs/errors.md` lists every row.
 *
 * @module
 */
import { type ErrorCodeTable, errorFactory, type RestError, type RestErrorOptions } from '@cms-json/core';

/**
 * Code → status and default message. A row with `authorization: true` is a refusal of the
 * caller, sent with `denied(request, code)`: 401 anonymous, 403 authenticated.
 */
export const CONTENT_ERROR_CODES = {
  // Users: input
  empty_user_login: { status: 400, message: 'Cannot create a user with an empty login name.' },
  user_login_too_long: { status: 400, message: 'Username may not be longer than 60 characters.' },
  rest_user_invalid_username: {
    status: 400,
    message: 'This username is invalid because it uses illegal characters. Please enter a valid username.',
  },
  existing_user_login: { status: 400, message: 'Sorry, that username already exists!' },
  existing_user_email: { status: 400, message: 'Sorry, that email address is already used!' },
  rest_user_invalid_email: { status: 400, message: 'Invalid email address.' },
  rest_user_invalid_slug: { status: 400, message: 'Invalid slug.' },
  rest_user_invalid_password: { status: 400, message: 'Passwords cannot be empty.' },
  rest_user_invalid_role: { status: 400, message: 'The role does not exist.' },
  user_url_too_long: { status: 400, message: 'User URL may not be longer than 100 characters.' },
  user_nicename_too_long: { status: 400, message: 'Nicename may not be longer than 50 characters.' },
  rest_user_invalid_argument: { status: 400, message: 'Username is not editable.' },
  rest_user_exists: { status: 400, message: 'Cannot create existing user.' },
  rest_user_invalid_reassign: { status: 400, message: 'Invalid user ID for reassignment.' },
  // Users: records and deletion
  rest_user_invalid_id: { status: 404, message: 'Invalid user ID.' },
  rest_trash_not_supported: { status: 501, message: "Users do not support trashing. Set 'force=true' to delete." },
  rest_cannot_delete: { status: 500, message: 'The user cannot be deleted.' },
  // Users: refusals of the caller
  rest_cannot_create_user: { status: 403, message: 'Sorry, you are not allowed to create new users.', authorization: true },
  rest_cannot_edit: { status: 403, message: 'Sorry, you are not allowed to edit this user.', authorization: true },
  rest_cannot_edit_roles: {
    status: 403,
    message: 'Sorry, you are not allowed to edit roles of this user.',
    authorization: true,
  },
  rest_user_cannot_delete: { status: 403, message: 'Sorry, you are not allowed to delete this user.', authorization: true },
  rest_user_cannot_view: { status: 403, message: 'Sorry, you are not allowed to list users.', authorization: true },
  rest_forbidden_orderby: {
    status: 403,
    message: 'Sorry, you are not allowed to order users by this parameter.',
    authorization: true,
  },
  rest_forbidden_who: {
    status: 403,
    message: 'Sorry, you are not allowed to query users by this parameter.',
    authorization: true,
  },
  // Posts, pages and custom post types
  rest_post_invalid_id: { status: 404, message: 'Invalid post ID.' },
  rest_post_invalid_page_number: {
    status: 400,
    message: 'The page number requested is larger than the number of pages available.',
  },
  rest_post_incorrect_password: { status: 403, message: 'Incorrect post password.' },
  rest_forbidden_status: { status: 403, message: 'Status is forbidden.', authorization: true },
  rest_post_exists: { status: 400, message: 'Cannot create existing post.' },
  rest_type_invalid: { status: 404, message: 'Invalid post type.' },
  rest_no_search_term_defined: { status: 400, message: 'You need to define a search term to order by relevance.' },
  rest_cannot_read_type: { status: 403, message: 'Cannot view post type.', authorization: true },
  rest_post_invalid_parent: { status: 404, message: 'Invalid post parent ID.' },
  rest_revision_parent_id_mismatch: { status: 404, message: 'The revision does not belong to the specified parent.' },
  rest_revision_invalid_page_number: {
    status: 400,
    message: 'The page number requested is larger than the number of pages available.',
  },
  rest_cannot_read: {
    status: 403,
    message: 'Sorry, you are not allowed to view revisions of this post.',
    authorization: true,
  },
  rest_status_invalid: { status: 404, message: 'Invalid status.' },
  rest_cannot_read_status: { status: 403, message: 'Cannot view status.', authorization: true },
  rest_invalid_author: { status: 400, message: 'Invalid author ID.' },
  rest_already_trashed: { status: 410, message: 'The post has already been deleted.' },
  rest_cannot_create: {
    status: 403,
    message: 'Sorry, you are not allowed to create posts as this user.',
    authorization: true,
  },
  rest_cannot_edit_others: {
    status: 403,
    message: 'Sorry, you are not allowed to update posts as this user.',
    authorization: true,
  },
  rest_cannot_assign_sticky: {
    status: 403,
    message: 'Sorry, you are not allowed to make posts sticky.',
    authorization: true,
  },
  rest_cannot_publish: {
    status: 403,
    message: 'Sorry, you are not allowed to publish posts in this post type.',
    authorization: true,
  },
  // Application passwords
  application_password_empty_name: {
    status: 400,
    message: 'An application name is required to create an application password.',
  },
  application_password_duplicate_name: { status: 409, message: 'Each application name should be unique.' },
  application_password_too_weak: { status: 400, message: 'An application password must have at least 24 letters and digits.' },
  rest_application_password_not_found: { status: 404, message: 'Application password not found.' },
  rest_no_authenticated_app_password: { status: 404, message: 'Cannot introspect application password.' },
  rest_cannot_introspect_app_password_for_non_authenticated_user: {
    status: 403,
    message: 'The authenticated application password can only be introspected for the current user.',
    authorization: true,
  },
  // Sign-in and sessions
  empty_username: { status: 400, message: 'The username field is empty.' },
  empty_password: { status: 400, message: 'The password field is empty.' },
  invalid_email: { status: 401, message: 'Unknown email address. Check again or try your username.' },
  rest_cross_origin: { status: 403, message: 'This endpoint only answers requests from the site itself.' },
  rest_no_session: { status: 400, message: 'Only a request authenticated by its session cookie can log out.' },
  // Taxonomies and terms
  rest_taxonomy_invalid: { status: 404, message: 'Invalid taxonomy.' },
  rest_term_invalid: { status: 404, message: 'Term does not exist.' },
  rest_taxonomy_not_hierarchical: { status: 400, message: 'Cannot set parent term, taxonomy is not hierarchical.' },
  term_exists: { status: 400, message: 'A term with the name provided already exists in this taxonomy.' },
  empty_term_name: { status: 500, message: 'A name is required for this term.' },
  duplicate_term_slug: { status: 500, message: 'The slug is already in use by another term.' },
  rest_cannot_update: { status: 403, message: 'Sorry, you are not allowed to edit this term.', authorization: true },
  rest_cannot_assign_term: {
    status: 403,
    message: 'Sorry, you are not allowed to assign the provided terms.',
    authorization: true,
  },
  rest_invalid_term_id: { status: 400, message: 'Invalid term ID.' },
  // Registered meta
  rest_invalid_stored_value: {
    status: 500,
    message: 'The property has an invalid stored value, and cannot be updated to null.',
  },
  // Comments
  rest_comment_invalid_id: { status: 404, message: 'Invalid comment ID.' },
  rest_comment_login_required: { status: 401, message: 'Sorry, you must be logged in to comment.' },
  rest_comment_invalid_author: {
    status: 403,
    message: "Sorry, you are not allowed to edit 'author' for comments.",
    authorization: true,
  },
  rest_comment_invalid_author_ip: {
    status: 403,
    message: "Sorry, you are not allowed to edit 'author_ip' for comments.",
    authorization: true,
  },
  rest_comment_invalid_status: {
    status: 403,
    message: "Sorry, you are not allowed to edit 'status' for comments.",
    authorization: true,
  },
  rest_comment_invalid_post_id: { status: 403, message: 'Sorry, you are not allowed to create this comment without a post.' },
  rest_comment_draft_post: { status: 403, message: 'Sorry, you are not allowed to create a comment on this post.' },
  rest_comment_trash_post: { status: 403, message: 'Sorry, you are not allowed to create a comment on this post.' },
  rest_cannot_read_post: {
    status: 403,
    message: 'Sorry, you are not allowed to read the post for this comment.',
    authorization: true,
  },
  rest_comment_closed: { status: 403, message: 'Sorry, comments are closed for this item.' },
  rest_comment_exists: { status: 400, message: 'Cannot create existing comment.' },
  rest_invalid_comment_type: { status: 400, message: 'Cannot create a comment with that type.' },
  rest_comment_invalid_type: { status: 404, message: 'Sorry, you are not allowed to change the comment type.' },
  rest_comment_content_invalid: { status: 400, message: 'Invalid comment content.' },
  rest_comment_author_data_required: { status: 400, message: 'Creating a comment requires valid author name and email values.' },
  rest_comment_author_invalid: { status: 400, message: 'Invalid comment author ID.' },
  rest_comment_invalid_parent: { status: 400, message: 'Invalid parent comment ID.' },
  comment_author_column_length: { status: 400, message: 'Comment field exceeds maximum length allowed.' },
  comment_author_email_column_length: { status: 400, message: 'Comment field exceeds maximum length allowed.' },
  comment_author_url_column_length: { status: 400, message: 'Comment field exceeds maximum length allowed.' },
  comment_content_column_length: { status: 400, message: 'Comment field exceeds maximum length allowed.' },
  comment_duplicate: { status: 409, message: 'Duplicate comment detected; it looks as though you&#8217;ve already said that!' },
  comment_flood: { status: 400, message: 'You are posting comments too quickly. Slow down.' },
  rest_forbidden_param: { status: 403, message: 'Query parameter not permitted.', authorization: true },
  // Media uploads
  rest_upload_no_data: { status: 400, message: 'No data supplied.' },
  rest_upload_no_content_type: { status: 400, message: 'No Content-Type supplied.' },
  rest_upload_no_content_disposition: { status: 400, message: 'No Content-Disposition supplied.' },
  rest_upload_invalid_disposition: {
    status: 400,
    message:
      'Invalid Content-Disposition supplied. Content-Disposition needs to be formatted as `attachment; filename="image.png"` or similar.',
  },
  rest_upload_hash_mismatch: { status: 412, message: 'Content hash did not match expected.' },
  rest_upload_multiple_files: { status: 400, message: 'Only one file can be uploaded at a time, in the field "file".' },
  rest_upload_unknown_error: { status: 500, message: 'Sorry, you are not allowed to upload this file type.' },
  rest_upload_sideload_error: { status: 500, message: 'Sorry, you are not allowed to upload this file type.' },
  // Media records
  rest_invalid_featured_media: { status: 400, message: 'Invalid featured media ID.' },
  // Editing an image (`/media/<id>/edit`)
  rest_cannot_edit_image: {
    status: 403,
    message: 'Sorry, you are not allowed to upload media on this site.',
    authorization: true,
  },
  rest_unknown_attachment: { status: 404, message: 'Unable to get meta information for file.' },
  rest_cannot_edit_file_type: { status: 400, message: 'This type of file cannot be edited.' },
  rest_image_not_edited: {
    status: 400,
    message: 'The image was not edited. Edit the image before applying the changes.',
  },
  rest_unknown_image_file_type: { status: 500, message: 'Unable to edit this image.' },
  rest_image_rotation_failed: { status: 500, message: 'Unable to rotate this image.' },
  rest_image_crop_failed: { status: 500, message: 'Unable to crop this image.' },
  // Search
  rest_search_invalid_type: { status: 400, message: 'Invalid type parameter.' },
  rest_search_invalid_page_number: {
    status: 400,
    message: 'The page number requested is larger than the number of pages available.',
  },
  // oEmbed
  oembed_invalid_url: { status: 404, message: 'Not Found' },
} as const satisfies ErrorCodeTable;

/** A code of the content table. */
export type ContentErrorCode = keyof typeof CONTENT_ERROR_CODES;

/**
 * A {@link RestError} of the content table, with its status and (unless given) its message.
 *
 * @example
 * throw contentError('existing_user_login');
 * throw contentError('rest_user_invalid_role', 'The role editor2 does not exist.');
 * throw contentError('term_exists', undefined, { data: { term_id: 7 } });
 */
export const contentError: (code: ContentErrorCode, message?: string, options?: RestErrorOptions) => RestError =
  errorFactory(CONTENT_ERROR_CODES);
