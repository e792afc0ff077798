#import <Foundation/Foundation.h>
#import "Legacy.h"

// [defaults boolForKey:@"nonsense"] in a comment is not a use.
NSString *const kUnitsKey = @"units";

@implementation Legacy

- (BOOL)soundsOn {
  return [[NSUserDefaults standardUserDefaults] boolForKey:kSoundsKey];
}

- (NSString *)units {
  return [[NSUserDefaults standardUserDefaults] stringForKey:kUnitsKey];
}

- (void)useMetric {
  [[NSUserDefaults standardUserDefaults] setObject:@"metric" forKey:kUnitsKey];
  [[NSUserDefaults standardUserDefaults] setBool:YES forKey:kSoundsKey];
}

@end
