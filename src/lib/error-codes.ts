/**
 * Every `code` the API answers in its error envelope (spec decisions, 3: error bodies), so a
 * client can switch on them and the OpenAPI document lists them. The server's error helpers
 * take an `ErrorCode`: a new refusal adds its code here, with when it is answered, or does not
 * compile. A code names a situation a client may act on; the sentences say the rest.
 *
 * Not in this list: the codes of `GET /system/errors/{code}/`, which the payment and card
 * pages put in the panel's address (`?error=card_declined`) and the server only describes.
 */
export const ERROR_CODES = [
  // Any call: the request itself
  'invalid', // 400: a field (or the query) breaks its rules; `fields` gives each field's sentence
  'unknown_field', // 400: a body field, or a query key on a write, that the call does not take
  'invalid_json', // 400: the body is not JSON, or not a JSON object
  'body_too_large', // 413: the body is over the size limit
  'bad_address', // 414 or 400: the address is too long, cannot be decoded or holds control characters
  'not_found', // 404: nothing at this address, or the object is not there (or is another company's)
  'method_not_allowed', // 405: the address exists, not with this verb; `Allow` lists the verbs it takes
  'server_error', // 500: the server failed; `request_id` names the log entry
  'invalid_idempotency_key', // 400: the Idempotency-Key header is empty, too long or holds control characters
  'idempotency_key_reused', // 422: the Idempotency-Key came with another request before
  'idempotency_key_in_flight', // 409: the first request with this Idempotency-Key is still running
  'idempotency_key_taken_over', // 409: a retry took over this request's Idempotency-Key while it ran

  // Access: the token, the company, the scopes
  'not_authenticated', // 401: no token, or the session has ended or was revoked
  'api_key_expired', // 401: the API key is past its expiry date
  'api_key_address', // 403: the API key is not allowed from the request's address
  'permission_denied', // 403: a scope is missing, a customer account or an API key where they may not act, or another company's API key
  'company_forbidden', // 403: the Company header names a company the user is not an active member of
  'no_company', // 403: the account belongs to no company
  'throttled', // 429: too many failed sign-ins or wrong verification codes; wait and try again

  // Sign-in and account
  'invalid_credentials', // 400: wrong email or password at sign-in
  'email_not_verified', // 400: sign-in before the email address was verified (with `email_not_verified: true`)
  'challenge_expired', // 400: the second sign-in step (2FA or device code) is unknown or has expired
  'challenge_ended', // 400: too many wrong codes in the second sign-in step; sign in again
  'wrong_code', // 400: a 2FA, device or contact verification code is not correct
  'wrong_password', // 400: the account, old or cPanel password given to confirm a change is not correct
  'invalid_link', // 400: an emailed link (verification, password reset, contact) is used, expired or unknown
  'email_taken', // 400: signing up or adding a user with an email address that has an account
  '2fa_enabled', // 400: setting up 2FA while it is enabled
  '2fa_disabled', // 400: a 2FA call while 2FA is not enabled
  'cannot_unsubscribe', // 400: the email's recipient cannot be unsubscribed from it

  // Company: users, invitations, contacts, VAT, partner details
  'invalid_invitation_code', // 400: no user has this invitation code
  'already_member', // 400: inviting, or accepting for, someone who is a member already
  'already_invited', // 400: the user has a pending invitation to the company already
  'not_pending', // 400: the invitation was accepted or declined already
  'api_key_user', // 400: an API key's user deleted as a user (API keys are deleted in their own tab)
  'conflict', // 409 (or 400 with `fields`): the value is taken or the object is in another state: an affiliate application, contact email, VAT id, partner domain, link hash

  // Affiliate
  'affiliate_not_active', // 403: the affiliate account is pending, suspended or closed

  // Domains and domain groups
  'domain_busy', // 409: the domain's current task has not finished (or its state does not allow the change)
  'domains_busy', // 409: a bulk action names domains that are not ACTIVE
  'nothing_to_do', // 409: none of the domains (or the domain's settings) would change
  'group_not_deletable', // 409: the domain group is internal or still holds domains
  'shared_ip', // 400: the IP signature or HTTP version of a domain on a shared IP address
  'not_cpanel', // 409: creating in cPanel a domain that is not on a shared hosting account
  'in_cpanel', // 409: the domain is in cPanel already
  'email_address_busy', // 409: the email address is being deleted

  // Domain software and SSL
  'ssl_installed', // 409: installing an SSL certificate where one is installed
  'ssl_pending', // 409: another SSL request for the domain is still pending
  'ssl_not_active', // 409: removing an SSL certificate that is not installed
  'custom_host', // 409: installing or migrating software on a custom host account
  'software_installed', // 409: software is installed on the domain already
  'software_not_installed', // 409: no (ACTIVE) software installation on the domain
  'software_busy', // 409: uninstalling software that is not ACTIVE
  'nothing_found', // 404: importing software where none is found on the domain
  'password_unavailable', // 409: the stored software or cPanel password cannot be shown
  'login_not_allowed', // 409: automatic sign-in to software or cPanel is not possible for it now
  'edge_down', // 503: the sites are not served at the moment, so there is nothing to sign in to
  'ftp_mode', // 400: a migration source asks for active FTP mode
  'ftp_failed', // 400: the FTP server could not be reached or refused the sign-in
  'ftp_path', // 400: a folder on the FTP server cannot be read

  // DNS
  'dns_zone_unavailable', // 409: the domain's DNS zone is not ACTIVE
  'record_exists', // 409: a record of that type and name exists already
  'cname_conflict', // 409: a CNAME record beside other records of the same name
  'soa_required', // 409: deleting the SOA record
  'zone_file_unreadable', // 400: an imported zone file cannot be read at all; each sentence names a line
  'zone_file_invalid', // 400: an imported zone file has lines that cannot be imported
  'removals_not_confirmed', // 409: the import would remove records and `confirm_removals` was not set

  // Firewall
  'version_unrestorable', // 409: the policy or ruleset version's rules, rulesets or targets are gone

  // IP addresses
  'shared_ip_address', // 409: the signature or HTTP version of a shared IP address
  'ip_address_not_active', // 409: changing an IP address that is not ACTIVE
  'ip_addresses_in_use', // 409: cancelling IP addresses that domains still use
  'ip_addresses_unselectable', // 409: selecting IP addresses that are cancelled, pending cancellation or replaced
  'out_of_stock', // 409: an IP order asks for more addresses than a location has

  // Billing
  'order_not_extendable', // 409: extending an order in a state that cannot be extended
  'order_not_cancellable', // 409: cancelling an order in a state that cannot be cancelled
  'cancellation_requested', // 409: a cancellation was requested already
  'ip_groups_out_of_reach', // 403: the order holds IP addresses in groups the user cannot manage
  'nothing_to_extend', // 409: the order has nothing left to extend
  'cancellation_processed', // 409: withdrawing a cancellation that is no longer pending
  'cancellation_due', // 409: withdrawing a cancellation whose date has come
  'invoice_cancelled', // 409: paying a cancelled invoice
  'nothing_due', // 409: paying an invoice with nothing left to pay
  'payment_refused', // 400: the payment amount is not allowed for the method or the balance
  'payment_method_unusable', // 400: the saved payment method cannot be used

  // Hosting
  'not_changeable', // 409: the hosting account's plan cannot be changed
  'plan_change_unpaid', // 409: a plan change still waits for its invoice to be paid
  'no_pending_downgrade', // 409: cancelling a downgrade that was not requested
  'toggle_not_allowed', // 409: domain deletion on a legacy or internal hosting account
  'not_deletable', // 409: deleting a hosting account that is not a custom host, or is internal
  'custom_host_in_use', // 409: deleting a custom host that hosts domains or is a group's default
  'no_cpanel', // 409: a cPanel call for an account that is not shared hosting
  'not_created', // 409: a cPanel call for an account that has not been created yet
] as const;

/** A code of the error envelope; the server answers no other. */
export type ErrorCode = (typeof ERROR_CODES)[number];
