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
