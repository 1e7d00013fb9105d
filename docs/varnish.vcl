vcl 4.1;
# The Varnish configuration cms-json ships for a shared cache in front of a site (Varnish 6 or
# 7 with the xkey vmod of varnish-modules). docs/caching.md explains it line by line;
# scripts/varnish.sh starts a throwaway varnishd with it (the tests use it as it is).

import std;
import xkey;

# The origin: a site process, or a load balancer in front of several. scripts/varnish.sh
# replaces the host and port below.
backend default {
    .host = "127.0.0.1";
    .port = "8080";
}

# Who may purge: the site's own processes. Add the addresses of your nodes.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    # A purge from the site: `PURGE /` with the keys in `xkey-purge`, separated by spaces.
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "No xkey-purge header"));
        }
        # A hard purge: the answers go at once (a soft purge would keep them for grace, and
        # the next reader would get one stale answer).
        set req.http.X-Purged = xkey.purge(req.http.xkey-purge);
        return (synth(200, "Purged " + req.http.X-Purged));
    }
    # Only reads are cached; every write goes to the origin.
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Someone signed in, or a nonce: the answer is theirs alone.
    if (req.http.Authorization || req.http.X-CMS-Nonce || req.http.X-WP-Nonce) {
        return (pass);
    }
    if (req.url ~ "[?&](_cmsnonce|_wpnonce)=") {
        return (pass);
    }
    # A session cookie (`cms_logged_in`, `wp_logged_in`), or the read-your-writes cookie of a
    # client that just wrote (`cms_read_after`, read replicas): to the origin.
    if (req.http.Cookie ~ "(^|;)\s*(cms|wp)_(logged_in|read_after)=") {
        return (pass);
    }
    # Any other cookie (analytics, consent banners) never changes an anonymous answer.
    unset req.http.Cookie;
    # The default hash: the whole URL (its query included) and the Host.
    return (hash);
}

sub vcl_backend_response {
    # Stored only when the origin said so: `s-maxage` is there for shared answers alone.
    # Private, no-store, an answer that sets a cookie, or no s-maxage: never stored (a
    # "hit-for-miss" mark for two minutes lets the next readers go to the origin at once).
    if (beresp.http.Set-Cookie
        || beresp.http.Cache-Control ~ "(?i)(private|no-store|no-cache)"
        || beresp.http.Cache-Control !~ "(?i)s-maxage=[0-9]+") {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # The TTL is `s-maxage` (Varnish reads it before `max-age`); `stale-while-revalidate`
    # becomes the grace: an expired answer is served while a fresh one is fetched.
    if (beresp.http.Cache-Control ~ "(?i)stale-while-revalidate=[0-9]+") {
        set beresp.grace = std.duration(
            regsub(beresp.http.Cache-Control, "(?i)^.*stale-while-revalidate=([0-9]+).*$", "\1s"), 0s);
    } else {
        set beresp.grace = 0s;
    }
    return (deliver);
}

sub vcl_deliver {
    # For people and tests: whether the answer came from the cache.
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
    # The keys are for this cache; browsers need not see them.
    unset resp.http.xkey;
}
