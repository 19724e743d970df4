// Wider than the public site's container: the workspace's tables (posts has nine columns) fit
// at 1440 px without scrolling sideways.
export const staffPageWidth = "mx-auto w-full max-w-[88rem] px-5";
