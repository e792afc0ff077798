#import "AppDelegate.h"

// The other ways a dictionary is filled before registerDefaults: in one body
// (subscripts, addEntriesFromDictionary:, a mutable copy of a literal).
#define kCelsius @"celsiusPref"

@implementation AppDelegate

- (void)registerMoreDefaults {
    NSMutableDictionary *defaults = [@{kCelsius: @NO} mutableCopy];
    defaults[@"units"] = @"metric";
    [defaults addEntriesFromDictionary:@{@"name": @""}];
    [[NSUserDefaults standardUserDefaults] registerDefaults:defaults];
}

- (BOOL)celsius {
    return [[NSUserDefaults standardUserDefaults] boolForKey:kCelsius];
}

@end
