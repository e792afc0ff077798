#!/usr/bin/env python3
"""Writes a large synthetic Settings bundle for benchmarks.

usage: generate-bundle.py OUT_DIR [--pages 50] [--specifiers 20000] [--languages 30]
       generate-bundle.py --big-plist OUT_FILE [--megabytes 10]
"""
import argparse, os, random

TYPES = ["PSToggleSwitchSpecifier", "PSTextFieldSpecifier", "PSSliderSpecifier",
         "PSMultiValueSpecifier", "PSTitleValueSpecifier", "PSRadioGroupSpecifier"]
LANGS = ["en", "de", "fr", "es", "it", "ja", "ko", "zh-Hans", "zh-Hant", "pt-BR", "pt-PT", "ru", "cs", "pl",
         "nl", "sv", "da", "fi", "nb", "tr", "uk", "el", "he", "ar", "hi", "th", "vi", "id", "ms", "hu"]


def specifier(page, i, rnd):
    # A valid bundle: a group every 20 rows and right after each radio group (which
    # would otherwise absorb the next row), and no Title on sliders (they have none).
    after_radio = TYPES[(i - 1) % len(TYPES)] == "PSRadioGroupSpecifier"
    kind = TYPES[i % len(TYPES)] if i % 20 and not after_radio else "PSGroupSpecifier"
    title = f"P{page}_ITEM_{i}"
    lines = [f"\t\t<dict>", f"\t\t\t<key>Type</key>", f"\t\t\t<string>{kind}</string>"]
    if kind != "PSSliderSpecifier":
        lines += [f"\t\t\t<key>Title</key>", f"\t\t\t<string>{title}</string>"]
    if kind != "PSGroupSpecifier":
        lines += [f"\t\t\t<key>Key</key>", f"\t\t\t<string>page{page}_key{i}</string>"]
    if kind == "PSToggleSwitchSpecifier":
        lines += ["\t\t\t<key>DefaultValue</key>", "\t\t\t<true/>"]
    elif kind == "PSTextFieldSpecifier":
        lines += ["\t\t\t<key>DefaultValue</key>", f"\t\t\t<string>value &amp; {rnd.randint(0, 9999)}</string>",
                  "\t\t\t<key>KeyboardType</key>", "\t\t\t<string>Alphabet</string>"]
    elif kind == "PSSliderSpecifier":
        lines += ["\t\t\t<key>DefaultValue</key>", "\t\t\t<real>0.5</real>", "\t\t\t<key>MinimumValue</key>",
                  "\t\t\t<integer>0</integer>", "\t\t\t<key>MaximumValue</key>", "\t\t\t<integer>1</integer>"]
    elif kind in ("PSMultiValueSpecifier", "PSRadioGroupSpecifier", "PSTitleValueSpecifier"):
        lines += ["\t\t\t<key>DefaultValue</key>", "\t\t\t<integer>0</integer>", "\t\t\t<key>Values</key>",
                  "\t\t\t<array>"] + [f"\t\t\t\t<integer>{v}</integer>" for v in range(3)] + [
                  "\t\t\t</array>", "\t\t\t<key>Titles</key>", "\t\t\t<array>"] + [
                  f"\t\t\t\t<string>{title}_CHOICE_{v}</string>" for v in range(3)] + ["\t\t\t</array>"]
    lines.append("\t\t</dict>")
    titles = [] if kind == "PSSliderSpecifier" else [title]
    return "\n".join(lines), titles + ([f"{title}_CHOICE_{v}" for v in range(3)]
                                        if kind in ("PSMultiValueSpecifier", "PSRadioGroupSpecifier", "PSTitleValueSpecifier") else [])


def page_plist(table, items):
    return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
            "<plist version=\"1.0\">\n<dict>\n\t<key>StringsTable</key>\n"
            f"\t<string>{table}</string>\n\t<key>PreferenceSpecifiers</key>\n\t<array>\n"
            + "\n".join(items) + "\n\t</array>\n</dict>\n</plist>\n")


def bundle(out, pages, total, languages):
    rnd = random.Random(42)
    os.makedirs(out, exist_ok=True)
    per_page = total // pages
    names = ["Root"] + [f"Page{n}" for n in range(1, pages)]
    for index, name in enumerate(names):
        items, keys = [], []
        for i in range(per_page - (1 if index + 1 < pages else 0)):
            text, titles = specifier(index, i, rnd)
            items.append(text)
            keys += titles
        if index + 1 < pages:
            nxt = names[index + 1]
            items.append(f"\t\t<dict>\n\t\t\t<key>Type</key>\n\t\t\t<string>PSChildPaneSpecifier</string>\n"
                         f"\t\t\t<key>Title</key>\n\t\t\t<string>{nxt}</string>\n\t\t\t<key>File</key>\n"
                         f"\t\t\t<string>{nxt}</string>\n\t\t</dict>")
            keys.append(nxt)
        with open(os.path.join(out, name + ".plist"), "w") as f:
            f.write(page_plist(name, items))
        for lang in LANGS[:languages]:
            folder = os.path.join(out, lang + ".lproj")
            os.makedirs(folder, exist_ok=True)
            body = "".join(f'/* {k} */\n"{k}" = "{lang} {k.lower()} ✓";\n' for k in keys)
            data = b"\xff\xfe" + body.encode("utf-16-le") if lang != "en" else body.encode()
            with open(os.path.join(folder, name + ".strings"), "wb") as f:
                f.write(data)


def big_plist(out, megabytes):
    rnd = random.Random(7)
    items, size, i = [], 0, 0
    while size < megabytes * 1_000_000:
        text, _ = specifier(0, i, rnd)
        items.append(text)
        size += len(text) + 1
        i += 1
    with open(out, "w") as f:
        f.write(page_plist("Root", items))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--pages", type=int, default=50)
    parser.add_argument("--specifiers", type=int, default=20000)
    parser.add_argument("--languages", type=int, default=30)
    parser.add_argument("--big-plist", action="store_true")
    parser.add_argument("--megabytes", type=int, default=10)
    args = parser.parse_args()
    if args.big_plist:
        big_plist(args.out, args.megabytes)
    else:
        bundle(args.out, args.pages, args.specifiers, args.languages)
