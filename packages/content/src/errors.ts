/**
 * The content package's error codes, in one table: the original's codes for users, posts,
 * terms, comments, media, application passwords, sessions and oEmbed, with their statuses and
 * messages. The stores and routes throw {@link RestError}s made from it
 * (`contentError('existing_user_login')`), never with a message or a status of their own, so
 * what a store refuses reaches the client as it is. Where the original sends one code with
 * several meanings, each meaning is a row keyed `<code>.<meaning>` whose `code` is the wire
 * code. `docs/errors.md` lists every row.
 *
 * @module
 */
import { type ErrorCodeTable, errorFactory, type PlainErrorKey, type RestError, type TableErrorMaker } from '@cms-json/core';

/**
 * Key → wire code (when not the key), status and message; a message's `{name}` is a parameter
 * of the row. A row with `authorization: true` is a refusal of the caller, sent with
 * `denied(request, contentError(key))`: 401 anonymous, 403 authenticated.
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
  'rest_user_invalid_password.backslash': {
    code: 'rest_user_invalid_password',
    status: 400,
    message: 'Passwords cannot contain the "\\" character.',
  },
  rest_user_invalid_role: { status: 400, message: 'The role {role} does not exist.' },
  'rest_user_invalid_role.give': {
    code: 'rest_user_invalid_role',
    status: 403,
    message: 'Sorry, you are not allowed to give users that role.',
    authorization: true,
  },
  user_url_too_long: { status: 400, message: 'User URL may not be longer than 100 characters.' },
  user_nicename_too_long: { status: 400, message: 'Nicename may not be longer than 50 characters.' },
  rest_user_invalid_argument: { status: 400, message: 'Username is not editable.' },
  rest_user_exists: { status: 400, message: 'Cannot create existing user.' },
  rest_user_invalid_reassign: { status: 400, message: 'Invalid user ID for reassignment.' },
  'rest_invalid_param.name_too_long': {
    code: 'rest_invalid_param',
    status: 400,
    message: '{field} may not be longer than {max} characters.',
  },
  'rest_invalid_param.locale': { code: 'rest_invalid_param', status: 400, message: 'Invalid locale "{locale}".' },
  'rest_invalid_param.registered': {
    code: 'rest_invalid_param',
    status: 400,
    message: 'Invalid registration date "{registered}".',
  },
  'rest_invalid_param.password_hash': {
    code: 'rest_invalid_param',
    status: 400,
    message: 'passwordHash is not a WordPress password hash.',
  },
  // Users: records and deletion
  rest_user_invalid_id: { status: 404, message: 'Invalid user ID.' },
  rest_trash_not_supported: { status: 501, message: "Users do not support trashing. Set 'force=true' to delete." },
  rest_cannot_delete: { status: 500, message: 'The user cannot be deleted.' },
  'invalid_username.login': { code: 'invalid_username', status: 401, message: 'No user with the login "{login}".' },
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
  'rest_user_cannot_view.role': {
    code: 'rest_user_cannot_view',
    status: 403,
    message: 'Sorry, you are not allowed to filter users by role.',
    authorization: true,
  },
  'rest_user_cannot_view.capability': {
    code: 'rest_user_cannot_view',
    status: 403,
    message: 'Sorry, you are not allowed to filter users by capability.',
    authorization: true,
  },
  // A site that serves its WordPress database read-only (`@cms-json/wordpress-db`): every write, for everyone.
  'rest_forbidden.read_only': {
    code: 'rest_forbidden',
    status: 403,
    message: 'This site is read-only: it serves its WordPress database without writing to it.',
  },
  'rest_forbidden_context.users': {
    code: 'rest_forbidden_context',
    status: 403,
    message: 'Sorry, you are not allowed to edit users.',
    authorization: true,
  },
  'rest_forbidden_context.user': {
    code: 'rest_forbidden_context',
    status: 403,
    message: 'Sorry, you are not allowed to edit this user.',
    authorization: true,
  },
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
  'rest_post_invalid_id.parent': { code: 'rest_post_invalid_id', status: 400, message: 'Invalid post parent ID.' },
  'rest_post_invalid_id.revision': { code: 'rest_post_invalid_id', status: 404, message: 'Invalid revision ID.' },
  'rest_post_invalid_id.terms_post': { code: 'rest_post_invalid_id', status: 400, message: 'Invalid post ID.' },
  'rest_invalid_param.parent_type': { code: 'rest_invalid_param', status: 400, message: 'Invalid parent type.' },
  rest_post_invalid_page_number: {
    status: 400,
    message: 'The page number requested is larger than the number of pages available.',
  },
  rest_post_incorrect_password: { status: 403, message: 'Incorrect post password.' },
  rest_forbidden_status: { status: 403, message: 'Status is forbidden.', authorization: true },
  rest_post_exists: { status: 400, message: 'Cannot create existing post.' },
  rest_invalid_date: { status: 400, message: 'Invalid date.' },
  'rest_forbidden_context.post_type': {
    code: 'rest_forbidden_context',
    status: 403,
    message: 'Sorry, you are not allowed to edit posts in this post type.',
    authorization: true,
  },
  'rest_forbidden_context.post': {
    code: 'rest_forbidden_context',
    status: 403,
    message: 'Sorry, you are not allowed to edit this post.',
    authorization: true,
  },
  'rest_cannot_view.post_type': {
    code: 'rest_cannot_view',
    status: 403,
    message: 'Sorry, you are not allowed to edit posts in this post type.',
    authorization: true,
  },
  'rest_cannot_view.statuses': {
    code: 'rest_cannot_view',
    status: 403,
    message: 'Sorry, you are not allowed to manage post statuses.',
    authorization: true,
  },
  rest_type_invalid: { status: 404, message: 'Invalid post type.' },
  rest_no_search_term_defined: { status: 400, message: 'You need to define a search term to order by relevance.' },
  rest_cannot_read_type: { status: 403, message: 'Cannot view post type.', authorization: true },
  rest_post_invalid_parent: { status: 404, message: 'Invalid post parent ID.' },
  rest_revision_parent_id_mismatch: { status: 404, message: 'The revision does not belong to the specified parent.' },
  'rest_trash_not_supported.revision': {
    code: 'rest_trash_not_supported',
    status: 501,
    message: "Revisions do not support trashing. Set 'force=true' to delete.",
  },
  'rest_cannot_delete.not_allowed_revision': {
    code: 'rest_cannot_delete',
    status: 403,
    message: 'Sorry, you are not allowed to delete this revision.',
    authorization: true,
  },
  rest_revision_invalid_page_number: {
    status: 400,
    message: 'The page number requested is larger than the number of pages available.',
  },
  rest_cannot_read: {
    status: 403,
    message: 'Sorry, you are not allowed to view revisions of this post.',
    authorization: true,
  },
  'rest_cannot_read.autosaves': {
    code: 'rest_cannot_read',
    status: 403,
    message: 'Sorry, you are not allowed to view autosaves of this post.',
    authorization: true,
  },
  rest_post_no_autosave: { status: 404, message: 'There is no autosave revision for this post.' },
  rest_autosave_no_changes: {
    status: 400,
    message: 'There is nothing to save. The autosave and the post content are the same.',
  },
  rest_cannot_preview: { status: 403, message: 'Sorry, you are not allowed to preview drafts.' },
  rest_status_invalid: { status: 404, message: 'Invalid status.' },
  rest_cannot_read_status: { status: 403, message: 'Cannot view status.', authorization: true },
  rest_invalid_author: { status: 400, message: 'Invalid author ID.' },
  rest_already_trashed: { status: 410, message: 'The post has already been deleted.' },
  'rest_trash_not_supported.post': {
    code: 'rest_trash_not_supported',
    status: 501,
    message: "The post does not support trashing. Set 'force=true' to delete.",
  },
  'rest_cannot_delete.not_allowed_post': {
    code: 'rest_cannot_delete',
    status: 403,
    message: 'Sorry, you are not allowed to delete this post.',
    authorization: true,
  },
  'rest_cannot_edit.post': {
    code: 'rest_cannot_edit',
    status: 403,
    message: 'Sorry, you are not allowed to edit this post.',
    authorization: true,
  },
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
  'rest_cannot_edit_others.create': {
    code: 'rest_cannot_edit_others',
    status: 403,
    message: 'Sorry, you are not allowed to create posts as this user.',
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
  'rest_cannot_publish.private': {
    code: 'rest_cannot_publish',
    status: 403,
    message: 'Sorry, you are not allowed to create private posts in this post type.',
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
  rest_cannot_list_application_passwords: {
    status: 403,
    message: 'Sorry, you are not allowed to list application passwords for this user.',
    authorization: true,
  },
  rest_cannot_create_application_passwords: {
    status: 403,
    message: 'Sorry, you are not allowed to create application passwords for this user.',
    authorization: true,
  },
  rest_cannot_delete_application_passwords: {
    status: 403,
    message: 'Sorry, you are not allowed to delete application passwords for this user.',
    authorization: true,
  },
  rest_cannot_read_application_password: {
    status: 403,
    message: 'Sorry, you are not allowed to read this application password.',
    authorization: true,
  },
  rest_cannot_edit_application_password: {
    status: 403,
    message: 'Sorry, you are not allowed to edit this application password.',
    authorization: true,
  },
  rest_cannot_delete_application_password: {
    status: 403,
    message: 'Sorry, you are not allowed to delete this application password.',
    authorization: true,
  },
  // Sign-in and sessions
  empty_username: { status: 400, message: 'The username field is empty.' },
  empty_password: { status: 400, message: 'The password field is empty.' },
  invalid_email: { status: 401, message: 'Unknown email address. Check again or try your username.' },
  'invalid_email.basic': {
    code: 'invalid_email',
    status: 401,
    message: '<strong>Error</strong>: Unknown email address. Check again or try your username.',
  },
  'invalid_username.basic': {
    code: 'invalid_username',
    status: 401,
    message: '<strong>Error</strong>: Unknown username. Check again or try your email address.',
  },
  'invalid_username.malformed_basic': {
    code: 'invalid_username',
    status: 401,
    message: 'The Authorization header is not valid Basic credentials: expected "Basic " and the base64 of "username:password".',
  },
  'incorrect_password.login': {
    code: 'incorrect_password',
    status: 401,
    message: 'The password you entered for the username {login} is incorrect.',
  },
  rest_cross_origin: { status: 403, message: 'This endpoint only answers requests from the site itself.' },
  rest_no_session: { status: 400, message: 'Only a request authenticated by its session cookie can log out.' },
  // Taxonomies and terms
  rest_taxonomy_invalid: { status: 404, message: 'Invalid taxonomy.' },
  rest_term_invalid: { status: 404, message: 'Term does not exist.' },
  'rest_term_invalid.parent': { code: 'rest_term_invalid', status: 400, message: 'Parent term does not exist.' },
  rest_taxonomy_not_hierarchical: { status: 400, message: 'Cannot set parent term, taxonomy is not hierarchical.' },
  term_exists: { status: 400, message: 'A term with the name provided already exists in this taxonomy.' },
  'term_exists.parent': {
    code: 'term_exists',
    status: 400,
    message: 'A term with the name provided already exists with this parent.',
  },
  empty_term_name: { status: 500, message: 'A name is required for this term.' },
  duplicate_term_slug: { status: 500, message: 'The slug &#8220;{slug}&#8221; is already in use by another term.' },
  rest_cannot_update: { status: 403, message: 'Sorry, you are not allowed to edit this term.', authorization: true },
  'rest_trash_not_supported.term': {
    code: 'rest_trash_not_supported',
    status: 501,
    message: "Terms do not support trashing. Set 'force=true' to delete.",
  },
  'rest_cannot_delete.term': { code: 'rest_cannot_delete', status: 500, message: 'The term cannot be deleted.' },
  'rest_cannot_delete.not_allowed_term': {
    code: 'rest_cannot_delete',
    status: 403,
    message: 'Sorry, you are not allowed to delete this term.',
    authorization: true,
  },
  'rest_cannot_create.term': {
    code: 'rest_cannot_create',
    status: 403,
    message: 'Sorry, you are not allowed to create terms in this taxonomy.',
    authorization: true,
  },
  'rest_forbidden_context.terms': {
    code: 'rest_forbidden_context',
    status: 403,
    message: 'Sorry, you are not allowed to edit terms in this taxonomy.',
    authorization: true,
  },
  'rest_forbidden_context.post_terms': {
    code: 'rest_forbidden_context',
    status: 403,
    message: 'Sorry, you are not allowed to view terms for this post.',
    authorization: true,
  },
  'rest_forbidden_context.term': {
    code: 'rest_forbidden_context',
    status: 403,
    message: 'Sorry, you are not allowed to edit this term.',
    authorization: true,
  },
  'rest_forbidden_context.taxonomy': {
    code: 'rest_forbidden_context',
    status: 403,
    message: 'Sorry, you are not allowed to manage terms in this taxonomy.',
    authorization: true,
  },
  'rest_cannot_view.taxonomy': {
    code: 'rest_cannot_view',
    status: 403,
    message: 'Sorry, you are not allowed to manage terms in this taxonomy.',
    authorization: true,
  },
  rest_cannot_assign_term: {
    status: 403,
    message: 'Sorry, you are not allowed to assign the provided terms.',
    authorization: true,
  },
  rest_invalid_term_id: { status: 400, message: 'Invalid term ID.' },
  // Registered meta
  rest_invalid_stored_value: {
    status: 500,
    message: 'The {name} property has an invalid stored value, and cannot be updated to null.',
  },
  'rest_cannot_update.meta': {
    code: 'rest_cannot_update',
    status: 403,
    message: 'Sorry, you are not allowed to edit the {key} custom field.',
    authorization: true,
  },
  'rest_cannot_delete.meta': {
    code: 'rest_cannot_delete',
    status: 403,
    message: 'Sorry, you are not allowed to edit the {key} custom field.',
    authorization: true,
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
  'rest_comment_invalid_post_id.update': { code: 'rest_comment_invalid_post_id', status: 403, message: 'Invalid post ID.' },
  rest_comment_draft_post: { status: 403, message: 'Sorry, you are not allowed to create a comment on this post.' },
  rest_comment_trash_post: { status: 403, message: 'Sorry, you are not allowed to create a comment on this post.' },
  rest_cannot_read_post: {
    status: 403,
    message: 'Sorry, you are not allowed to read the post for this comment.',
    authorization: true,
  },
  rest_comment_closed: { status: 403, message: 'Sorry, comments are closed for this item.' },
  'rest_cannot_read.comments_without_post': {
    code: 'rest_cannot_read',
    status: 403,
    message: 'Sorry, you are not allowed to read comments without a post.',
    authorization: true,
  },
  'rest_cannot_read.comment': {
    code: 'rest_cannot_read',
    status: 403,
    message: 'Sorry, you are not allowed to read this comment.',
    authorization: true,
  },
  'rest_forbidden_context.comments': {
    code: 'rest_forbidden_context',
    status: 403,
    message: 'Sorry, you are not allowed to edit comments.',
    authorization: true,
  },
  'rest_cannot_edit.comment': {
    code: 'rest_cannot_edit',
    status: 403,
    message: 'Sorry, you are not allowed to edit this comment.',
    authorization: true,
  },
  'rest_cannot_delete.not_allowed_comment': {
    code: 'rest_cannot_delete',
    status: 403,
    message: 'Sorry, you are not allowed to delete this comment.',
    authorization: true,
  },
  'rest_cannot_delete.comment': { code: 'rest_cannot_delete', status: 500, message: 'The comment cannot be deleted.' },
  'rest_already_trashed.comment': { code: 'rest_already_trashed', status: 410, message: 'The comment has already been trashed.' },
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
  rest_forbidden_param: { status: 403, message: 'Query parameter not permitted: {names}', authorization: true },
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
  'rest_upload_unknown_error.empty': {
    code: 'rest_upload_unknown_error',
    status: 500,
    message: 'File is empty. Please upload something more substantial.',
  },
  'rest_upload_unknown_error.no_file': { code: 'rest_upload_unknown_error', status: 500, message: 'No file was uploaded.' },
  // A WordPress database served without its uploads folder (`@cms-json/wordpress-db`).
  'rest_upload_unknown_error.no_uploads': {
    code: 'rest_upload_unknown_error',
    status: 500,
    message:
      'This site is served without its uploads folder (uploads / --uploads <path of wp-content/uploads>): files cannot be added or removed.',
  },
  'rest_upload_unknown_error.partial': {
    code: 'rest_upload_unknown_error',
    status: 500,
    message: 'The uploaded file was only partially uploaded.',
  },
  // The file store (object storage: `@cms-json/s3`) failed to keep the file: nothing was kept.
  'rest_upload_unknown_error.not_stored': {
    code: 'rest_upload_unknown_error',
    status: 500,
    message: 'The uploaded file could not be moved to the file store.',
  },
  rest_upload_sideload_error: { status: 500, message: 'Sorry, you are not allowed to upload this file type.' },
  // Media records
  rest_invalid_featured_media: { status: 400, message: 'Invalid featured media ID.' },
  'rest_cannot_edit.media_parent': {
    code: 'rest_cannot_edit',
    status: 403,
    message: 'Sorry, you are not allowed to upload media to this post.',
    authorization: true,
  },
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
  'rest_unknown_image_file_type.no_editor': {
    code: 'rest_unknown_image_file_type',
    status: 500,
    message: 'Unable to edit this image: the server has no image editor. Run `npm install sharp` where the site runs.',
  },
  rest_image_rotation_failed: { status: 500, message: 'Unable to rotate this image.' },
  rest_image_crop_failed: { status: 500, message: 'Unable to crop this image.' },
  // Search
  rest_search_invalid_type: { status: 400, message: 'Invalid type parameter.' },
  rest_search_invalid_page_number: {
    status: 400,
    message: 'The page number requested is larger than the number of pages available.',
  },
  // Themes
  rest_cannot_view_themes: { status: 403, message: 'Sorry, you are not allowed to view themes.', authorization: true },
  rest_cannot_view_active_theme: {
    status: 403,
    message: 'Sorry, you are not allowed to view the active theme.',
    authorization: true,
  },
  rest_theme_not_found: { status: 404, message: 'Theme not found.' },
  // oEmbed
  oembed_invalid_url: { status: 404, message: 'Not Found' },
  'oembed_invalid_url.no_provider': {
    code: 'oembed_invalid_url',
    status: 404,
    message: 'No oEmbed provider is known for {url}.',
  },
  'oembed_invalid_url.unreachable': {
    code: 'oembed_invalid_url',
    status: 404,
    message: 'The site could not reach {target}: {reason}.',
  },
  'oembed_invalid_url.http_status': { code: 'oembed_invalid_url', status: 404, message: '{url} answered HTTP {status}.' },
  'oembed_invalid_url.no_endpoint': { code: 'oembed_invalid_url', status: 404, message: 'No oEmbed data was found at {url}.' },
  'oembed_invalid_url.no_data': {
    code: 'oembed_invalid_url',
    status: 404,
    message: 'The oEmbed endpoint of {url} answered no oEmbed data.',
  },
  'rest_forbidden.oembed_proxy': {
    code: 'rest_forbidden',
    status: 403,
    message: 'Sorry, you are not allowed to make proxied oEmbed requests.',
    authorization: true,
  },
  // Registration mistakes: thrown by `server.ready()` (never sent: the server does not start)
  'rest_invalid_registration.rest_base': {
    code: 'rest_invalid_registration',
    status: 500,
    message:
      '{plugin}: the {kind} "{name}" has the restBase "{restBase}": a rest base is path segments of letters, digits, "-", "_" and "." with no leading, trailing or double slash ("books", "library/books").',
  },
  'rest_invalid_registration.taxonomy_type': {
    code: 'rest_invalid_registration',
    status: 500,
    message:
      '{plugin}: the taxonomy "{taxonomy}" is registered for "{type}", which is no post type of this server (it has: {known}). Name one of these, or register "{type}" with postTypes(server).register first.',
  },
  'rest_invalid_registration.meta_subtype': {
    code: 'rest_invalid_registration',
    status: 500,
    message:
      "{plugin}: registerMeta(server, '{objectType}', '{key}') names the subtype \"{subtype}\", which is no {kind} of this server (it has: {known}). Name one of these, or leave subtype out for every {kind}.",
  },
} as const satisfies ErrorCodeTable;

/** A key of the content table (the wire code, or `<code>.<meaning>`). */
export type ContentErrorCode = keyof typeof CONTENT_ERROR_CODES;

/** A key of the content table whose message carries no value (`contentError(key)` alone). */
export type PlainContentErrorCode = PlainErrorKey<typeof CONTENT_ERROR_CODES>;

/**
 * A {@link RestError} of a row of the content table: its wire code, status and message,
 * the message's `{name}` filled from `params`.
 *
 * @example
 * throw contentError('existing_user_login');
 * throw contentError('rest_user_invalid_role', { params: { role: 'editor2' } }); // 'The role editor2 does not exist.'
 * throw contentError('term_exists', { data: { term_id: 7 } });
 * return denied(request, contentError('rest_cannot_edit.post')); // 401 or 403
 */
export const contentError: TableErrorMaker<typeof CONTENT_ERROR_CODES> = errorFactory(CONTENT_ERROR_CODES);
