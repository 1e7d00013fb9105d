<?php
/*
 * Plugin Name: Permission matrix – a type with custom capabilities (recording only)
 * Description: Copied into the original's mu-plugins folder by the permission matrix's
 *   recorder (conformance/src/matrix/record.ts) and removed when it is done; never part of
 *   the reference's own setup. Registers "capped_item" (rest_base capped-items) with its own
 *   capability type and map_meta_cap, and grants its capabilities without writing the roles
 *   (a user_has_cap filter): all of them to editors and administrators, the ones for their
 *   own items to authors, none to contributors and subscribers. cms-json's matrix site
 *   registers the same type and grants the same capabilities
 *   (conformance/src/matrix/site.ts).
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

add_action( 'init', 'matrix_register_capped_item' );

function matrix_register_capped_item() {
	register_post_type(
		'capped_item',
		array(
			'label'           => 'Capped items',
			'public'          => true,
			'show_in_rest'    => true,
			'rest_base'       => 'capped-items',
			'capability_type' => array( 'capped_item', 'capped_items' ),
			'map_meta_cap'    => true,
			'supports'        => array( 'title', 'editor', 'author', 'revisions' ),
		)
	);
}

/** The capabilities each role gets for capped items (the same table as the cms-json site's). */
function matrix_capped_caps() {
	$own    = array( 'edit_capped_items', 'edit_published_capped_items', 'publish_capped_items', 'delete_capped_items', 'delete_published_capped_items' );
	$others = array( 'edit_others_capped_items', 'delete_others_capped_items', 'read_private_capped_items', 'edit_private_capped_items', 'delete_private_capped_items' );
	return array(
		'administrator' => array_merge( $own, $others ),
		'editor'        => array_merge( $own, $others ),
		'author'        => $own,
	);
}

add_filter(
	'user_has_cap',
	function ( $allcaps, $caps, $args, $user ) {
		$table = matrix_capped_caps();
		foreach ( (array) $user->roles as $role ) {
			if ( isset( $table[ $role ] ) ) {
				foreach ( $table[ $role ] as $cap ) {
					$allcaps[ $cap ] = true;
				}
			}
		}
		return $allcaps;
	},
	10,
	4
);

/*
 * The original's rewrite rules were written before the books example's types (and this one)
 * were registered, so their pretty permalinks answer 404 until the rules are made again. The
 * matrix asks for every record's permalink page: the rules are made once per recording.
 */
add_action(
	'init',
	function () {
		if ( get_transient( 'matrix_rewrite_flushed' ) ) {
			return;
		}
		flush_rewrite_rules( false );
		set_transient( 'matrix_rewrite_flushed', 1, 600 );
	},
	99
);
