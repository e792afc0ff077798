#!/usr/bin/env python3
"""Writes the bundle pairs of Tests/Fixtures/Diff: for each change kind of
prefs diff, base/ (the version before) and <kind>/ (after one change of that
kind). Run it again after changing it; the tests read what it wrote."""
import copy, os, plistlib, shutil

HERE = os.path.dirname(os.path.abspath(__file__))

def base():
    return {
        "Root": [
            {"Type": "PSGroupSpecifier", "Title": "General"},
            {"Type": "PSToggleSwitchSpecifier", "Key": "sound", "Title": "Sound", "DefaultValue": True},
            {"Type": "PSMultiValueSpecifier", "Key": "theme", "Title": "Theme", "DefaultValue": "system",
             "Values": ["light", "dark", "system"], "Titles": ["Light", "Dark", "System"]},
            {"Type": "PSSliderSpecifier", "Key": "volume", "DefaultValue": 0.5, "MinimumValue": 0, "MaximumValue": 1},
            {"Type": "PSTextFieldSpecifier", "Key": "name", "Title": "Name", "DefaultValue": ""},
            {"Type": "PSToggleSwitchSpecifier", "Key": "units", "Title": "Metric", "DefaultValue": "metric",
             "TrueValue": "metric", "FalseValue": "imperial"},
            {"Type": "PSChildPaneSpecifier", "Title": "Advanced", "File": "Advanced"},
        ],
        "Advanced": [
            {"Type": "PSGroupSpecifier", "Title": "Advanced"},
            {"Type": "PSToggleSwitchSpecifier", "Key": "debug", "Title": "Debug", "DefaultValue": False},
        ],
        "strings": {
            "en": {"General": "General", "Sound": "Sound", "Theme": "Theme", "Light": "Light", "Dark": "Dark",
                   "System": "System", "Name": "Name", "Metric": "Metric", "Advanced": "Advanced", "Debug": "Debug"},
            "de": {"General": "Allgemein", "Sound": "Ton", "Theme": "Design", "Light": "Hell", "Dark": "Dunkel",
                   "System": "System", "Name": "Name", "Metric": "Metrisch", "Advanced": "Erweitert", "Debug": "Fehlersuche"},
        },
    }

def find(page, key):
    return next(s for s in page if s.get("Key") == key)

def changes():
    yield "key-removed", lambda b: b["Root"].remove(find(b["Root"], "name"))
    yield "key-added", lambda b: b["Root"].insert(5, {"Type": "PSTextFieldSpecifier", "Key": "email", "Title": "Name"})
    def rename(b):
        find(b["Root"], "sound")["Key"] = "soundEnabled"
    yield "key-renamed", rename
    def retype(b):
        s = find(b["Root"], "name"); s["Type"] = "PSToggleSwitchSpecifier"; s["DefaultValue"] = False
    yield "type-changed", retype
    yield "default-changed", lambda b: find(b["Root"], "sound").update(DefaultValue=False)
    def drop_value(b):
        s = find(b["Root"], "theme"); s["Values"] = ["dark", "system"]; s["Titles"] = ["Dark", "System"]
    yield "value-removed", drop_value
    def add_value(b):
        s = find(b["Root"], "theme"); s["Values"].append("sepia"); s["Titles"].append("System")
    yield "value-added", add_value
    yield "range-changed", lambda b: find(b["Root"], "volume").update(MaximumValue=0.4)
    yield "toggle-values-changed", lambda b: find(b["Root"], "units").update(TrueValue="si", DefaultValue="si")
    yield "title-changed", lambda b: find(b["Root"], "sound").update(Title="Advanced")
    def add_page(b):
        b["Root"].append({"Type": "PSChildPaneSpecifier", "Title": "Advanced", "File": "Privacy"})
        b["Privacy"] = [{"Type": "PSGroupSpecifier", "Title": "Advanced"}]
    yield "page-added", add_page
    def remove_page(b):
        b["Root"].pop(); del b["Advanced"]
        for table in b["strings"].values(): table.pop("Advanced"); table.pop("Debug")
    yield "page-removed", remove_page
    yield "strings-added", lambda b: b["Root"].insert(0, {"Type": "PSGroupSpecifier", "Title": "Extras"}) or b["strings"]["en"].update(Extras="Extras")
    yield "translation-removed", lambda b: b["strings"]["de"].pop("Theme")
    def reorder(b):
        units = find(b["Root"], "units"); b["Root"].remove(units); b["Root"].insert(2, units)
    yield "order-changed", reorder
    def footer(b):
        b["Root"][0]["FooterText"] = "Applies to this device"
        b["strings"]["en"]["Applies to this device"] = "Applies to this device"
        b["strings"]["de"]["Applies to this device"] = "Gilt für dieses Gerät"
    yield "footer-changed", footer
    def group_titles(b):
        b["Root"][0]["Title"] = "Basics"; b["Root"][-1]["Title"] = "More"
        b["strings"]["en"].update(Basics="Basics", More="More")
        b["strings"]["de"].update(Basics="Grundlagen", More="Mehr")
    yield "group-title-changed", group_titles
    def pad_only(b):
        # The pad gets its own Root page: the phone's, with one default changed.
        b["Root~ipad"] = copy.deepcopy(b["Root"]); find(b["Root~ipad"], "sound")["DefaultValue"] = False
    yield "pad-page-changed", pad_only
    def lossless(b):
        s = find(b["Root"], "volume"); s.clear()
        s.update(Type="PSTextFieldSpecifier", Key="volume", DefaultValue="0.5", KeyboardType="DecimalPad")
    yield "type-changed-lossless", lossless
    def toggle_retyped(b):
        # "units" stored the strings metric/imperial; now the booleans true/false.
        s = find(b["Root"], "units"); del s["TrueValue"]; del s["FalseValue"]; s["DefaultValue"] = True
    yield "toggle-retyped", toggle_retyped

def write(bundle, folder):
    if os.path.exists(folder): shutil.rmtree(folder)
    os.makedirs(folder)
    for page, specifiers in bundle.items():
        if page == "strings": continue
        with open(os.path.join(folder, page + ".plist"), "wb") as f:
            plistlib.dump({"StringsTable": "Root", "PreferenceSpecifiers": specifiers}, f)
    for language, table in bundle["strings"].items():
        os.makedirs(os.path.join(folder, language + ".lproj"))
        with open(os.path.join(folder, language + ".lproj", "Root.strings"), "w", encoding="utf-8") as f:
            for key in sorted(table): f.write('"%s" = "%s";\n' % (key, table[key]))

write(base(), os.path.join(HERE, "base", "Settings.bundle"))
for kind, change in changes():
    bundle = base(); change(bundle)
    write(bundle, os.path.join(HERE, kind, "Settings.bundle"))

# Bundle histories modelled on real apps' releases (see README.md here): each
# is History/<name>/old and History/<name>/new. The files are written for these
# tests after the apps' Root.plist versions, smaller, not copied from them.

def toggle(key, title, default):
    return {"Type": "PSToggleSwitchSpecifier", "Key": key, "Title": title, "DefaultValue": default}

def multi(key, title, default, values, titles):
    return {"Type": "PSMultiValueSpecifier", "Key": key, "Title": title, "DefaultValue": default,
            "Values": values, "Titles": titles}

def group(title):
    return {"Type": "PSGroupSpecifier", "Title": title}

DELAYS = (["0", "1", "3", "5", "10", "9001"], ["Instantly", "1 sec delay", "3 sec delay", "5 sec delay", "10 sec delay", "Never"])

def awful(new):
    phone = [group("Images"), toggle("show_avatars", "Load Avatars", True), group("Misc"),
             multi("bookmarks_delay", "Refresh Bookmarks", "3", *DELAYS),
             multi("posts_above", "Load Read Posts", "1", ["0", "1", "2", "3", "9001"],
                   ["None", "1 above", "2 above", "3 above", "All"])]
    pad = copy.deepcopy(phone)
    pad.insert(2, toggle("show_images", "Load Images", True))
    pad.insert(5, multi("forums_delay", "Refresh Forum", "3", *DELAYS))
    if new:
        release = [multi("default_load", "Default Display", "1", ["none", "bookmarks", "forumslist"],
                         ["None", "Bookmarks", "Forums List"]),
                   group("SALR"), toggle("highlight_own_mentions", "Highlight mentions", True),
                   toggle("highlight_own_quotes", "Highlight own quotes", True)]
        phone += copy.deepcopy(release)
        phone.insert(phone.index(next(s for s in phone if s.get("Title") == "SALR")) + 1,
                     {"Type": "PSTextFieldSpecifier", "Key": "username", "Title": "Username"})
        pad += copy.deepcopy(release)
    return {"Root": phone, "Root~ipad": pad, "strings": {}}

def meshtastic(new):
    interval = multi("provideLocationInterval", "Interval" if new else "Location Interval", 30,
                     [10, 15, 30, 45, 60, 300, 600, 900],
                     ["Ten Seconds", "Fifteen Seconds", "Thirty Seconds", "Forty Five Seconds",
                      "One Minute", "Five Minutes", "Ten Minutes", "Fifteen Minutes"])
    share = toggle("provideLocation", "Share Location", False)
    smart = toggle("enableSmartPosition", "Accurate Locations Only" if new else "Smart Position", False)
    battery = toggle("lowBatteryNotifications", "Low Battery", True)
    nodes = toggle("newNodeNotifications", "New Nodes", True)
    if not new:
        return {"Root": [share, smart, interval, toggle("mapUseLegacy", "Use Legacy Mesh Map", False),
                         group("Notifications"), battery, nodes], "strings": {}}
    return {"Root": [{"Type": "PSTitleValueSpecifier", "Key": "shareLocationTitle", "DefaultValue": "",
                      "Title": "Will share your phone GPS location with your node."},
                     share, interval, smart, group("Notifications"),
                     toggle("channelMessageNotifications", "Channel Messages", True), nodes, battery,
                     multi("lowBatteryNotificationInterval", "Low Battery Interval", 3600,
                           [300, 900, 1800, 3600, 7200, 14400],
                           ["5 Minutes", "15 Minutes", "30 Minutes", "1 Hour", "2 Hours", "4 Hours"])],
            "strings": {}}

SPEEDS = [0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0]
CONTINUE = ([-1, 0, 1], ["SETTINGS_CONTINUE_PLAYBACK_NEVER", "SETTINGS_CONTINUE_PLAYBACK_ASK", "SETTINGS_CONTINUE_PLAYBACK_ALWAYS"])
SKIPS = ([5, 10, 15, 30, 60], ["SETTINGS_DURATION_FIVE", "SETTINGS_DURATION_TEN", "SETTINGS_DURATION_FIFTEEN", "SETTINGS_DURATION_THIRTY", "SETTINGS_DURATION_SIXTY"])

def vlc(new):
    # A whole-number speed written as an integer in the new version: the same stored value.
    speeds = [int(v) if new and v == int(v) else v for v in SPEEDS]
    speed = multi("playback-speed", "SETTINGS_PLAYBACK_SPEED_DEFAULT", 1 if new else 1.0, speeds,
                  ["%.2fx" % v for v in SPEEDS])
    audio = multi("ContinueAudioPlayback", "SETTINGS_CONTINUE_AUDIO_PLAYBACK", -1 if new else 1, *CONTINUE)
    video = multi("ContinuePlayback", "SETTINGS_CONTINUE_VIDEO_PLAYBACK", 1, *CONTINUE)
    brightness = toggle("PlayerShouldRememberBrightness", "SETTINGS_REMEMBER_PLAYER_BRIGHTNESS", new)
    volume = toggle("EnableVolumeGesture", "SETTINGS_GESTURES_VOLUME", True)
    seek = toggle("EnableSeekGesture", "SETTINGS_GESTURES_SEEK", True)
    close = toggle("EnableCloseGesture", "SETTINGS_GESTURES_CLOSE", True)
    loop = multi("avcodec-skiploopfilter", "SETTINGS_SKIP_LOOP_FILTER", "3" if new else "1", [0, 3, 1],
                 ["SETTINGS_SKIP_LOOP_FILTER_NONE", "SETTINGS_SKIP_LOOP_FILTER_NONKEY", "SETTINGS_SKIP_LOOP_FILTER_NONREF"])
    if not new:
        return {"Root": [speed, audio, video, group("SETTINGS_GESTURES"), volume, seek, close,
                         toggle("playback-forward-backward-equal", "SETTINGS_GESTURES_FORWARD_BACKWARD_EQUAL", True),
                         toggle("playback-tap-swipe-equal", "SETTINGS_GESTURES_TAP_SWIPE_EQUAL", True),
                         group("SETTINGS_VIDEO_TITLE"), loop, brightness], "strings": {}}
    return {"Root": [brightness, group("SETTINGS_GENERIC_TITLE"), speed, audio, video,
                     group("SETTINGS_GESTURES"), volume, close, seek,
                     multi("playback-forward-skip-length", "SETTINGS_PLAYBACK_SKIP_FORWARD", 60, *SKIPS),
                     multi("playback-backward-skip-length", "SETTINGS_PLAYBACK_SKIP_BACKWARD", 60, *SKIPS),
                     group("SETTINGS_VIDEO_TITLE"), loop], "strings": {}}

def deinterlace(new):
    # VLC's Values held <string>-1</string> among integers; the fix stores -1 as an integer.
    auto = -1 if new else "-1"
    return {"Root": [group("SETTINGS_VIDEO_TITLE"),
                     multi("deinterlace", "SETTINGS_DEINTERLACE", -1, [1, 0, auto],
                           ["SETTINGS_DEINTERLACE_ON", "SETTINGS_DEINTERLACE_OFF", "SETTINGS_DEINTERLACE_AUTO"]),
                     multi("codec", "SETTINGS_HWDECODING", "", ["", "avcodec,all"],
                           ["SETTINGS_HWDECODING_ON", "SETTINGS_HWDECODING_OFF"])],
            "strings": {}}

HISTORIES = {"awful-pad-page": awful, "meshtastic-reworded": meshtastic,
             "vlc-defaults": vlc, "vlc-deinterlace-retyped": deinterlace}

for name, version in HISTORIES.items():
    for side in ["old", "new"]:
        write(version(side == "new"), os.path.join(HERE, "History", name, side, "Settings.bundle"))
