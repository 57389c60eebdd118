/// The web app manifest and icon, so a phone can add the app to its home screen.
enum PageManifest {
    static let manifest = #"""
{"name":"LeetTrack","short_name":"LeetTrack","start_url":"/","scope":"/","display":"standalone",
"background_color":"#17181b","theme_color":"#e5484d",
"icons":[{"src":"/icon.svg","sizes":"any","type":"image/svg+xml","purpose":"any maskable"}]}
"""#

    static let icon = #"""
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="96" fill="#17181b"/><path d="M256 424 88 262c-46-46-46-118 0-162 44-44 116-44 160 0l8 8 8-8c44-44 116-44 160 0 46 44 46 116 0 162z" fill="#e5484d"/></svg>
"""#
}
