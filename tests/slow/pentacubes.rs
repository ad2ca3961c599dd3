//! The 12 pentominoes as flat pentacubes fill boxes in the published numbers of ways: 3,940
//! for 3 x 4 x 5 and 264 for 2 x 5 x 6 up to the box's symmetry. The 3 x 4 x 5 search is long
//! enough for Algorithm X to compare its candidate pivots by estimate (`choose_pivot`), so
//! the pivot it takes is not the one a short search keeps; any pivot must count the same.

use tessera::polyform::pack::{solve, Board, PackOptions, PartSpec};

#[test]
fn pentacube_boxes_have_the_published_counts() {
    let parts = PartSpec::set("pentominoes").unwrap();
    let cases = [([3, 4, 5], true, 1, 3940), ([3, 4, 5], true, 2, 3940), ([3, 4, 5], false, 2, 31_520)];
    for ([x, y, z], unique, threads, want) in cases.into_iter().chain([([2, 5, 6], true, 1, 264)]) {
        let opts = PackOptions { unique, threads, ..PackOptions::new(3) };
        let out = solve(&Board::boxed(x, y, z).unwrap(), &parts, &opts);
        assert!(out.complete && out.impossible.is_none());
        assert_eq!(out.solutions, want, "{x} x {y} x {z}, unique {unique}, {threads} thread(s)");
    }
}
