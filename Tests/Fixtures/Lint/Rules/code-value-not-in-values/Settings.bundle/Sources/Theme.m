#import <Foundation/Foundation.h>

static NSString *const kTheme = @"theme";

void useSepia(void) {
  [[NSUserDefaults standardUserDefaults] setObject:@"sepia" forKey:kTheme];
}