/// How far two photos' thumbnails must agree as pictures (`Imaging.Thumbnail.agreement`) to show one scene: the
/// scan's second look groups no pair below it (`SecondLook`), and a group card weighs how much of the scene each
/// member holds only against members above it (`CardGroup`'s looks). One number for both, here in the index they share.
package enum SceneAgreement {
    package static let minimum = 0.72
}
