// Modelled on c99koder/lastfm-iphone, Classes/MobileLastFMApplicationDelegate.m and
// Classes/LastFMRadio.m: keys in #define constants and literals, registered with
// dictionaryWithObjectsAndKeys:, toggles whose TrueValue and FalseValue are strings.
#import <UIKit/UIKit.h>

#define kScrobbling @"scrobbling"

@implementation MobileLastFMApplicationDelegate

- (id)init {
  if (self = [super init]) {
    [[NSUserDefaults standardUserDefaults] registerDefaults:[NSDictionary dictionaryWithObjectsAndKeys:
                                                               @"YES", kScrobbling,
                                                               @"YES", @"showontour",
                                                               @"64", @"bitrate",
                                                               nil]];
  }
  return self;
}

- (BOOL)scrobbles {
  // No finding: "YES" reads true and "OFF" false, and the default is registered.
  return [[NSUserDefaults standardUserDefaults] boolForKey:kScrobbling];
}

- (BOOL)showsOnTour {
  // No finding: the value is compared as the string it is.
  return [[[NSUserDefaults standardUserDefaults] objectForKey:@"showontour"] isEqualToString:@"YES"];
}

- (BOOL)highQuality {
  // code-type-mismatch: "64" (off) reads as true, as "128" (on) does.
  return [[NSUserDefaults standardUserDefaults] boolForKey:@"bitrate"];
}

- (BOOL)stopsOnHeadsetRemoval {
  // code-default-unregistered: the one toggle left out of the registration reads false.
  return [[NSUserDefaults standardUserDefaults] boolForKey:@"headsetinterrupt"];
}

@end
